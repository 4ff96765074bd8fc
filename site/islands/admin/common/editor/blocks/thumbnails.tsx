// The block picker's schematic of each block type (block-picker.tsx), from the type's folder
// (site/islands/landing/blocks/<type>/thumbnail.tsx, docs/decisions/0380-block-type-folders.md).
// A complete record keyed by BlockType (functions/shared/blocks.ts), so a type added there does
// not type-check until it has a thumbnail. Inline SVG: nothing is loaded, and the shapes are
// decorative (the picker names each type in text).
import type { ReactNode } from 'react';
import type { BlockType } from '../../../../../../functions/shared/blocks.ts';
import { thumbnail as benefits } from '../../../../landing/blocks/benefits/thumbnail.tsx';
import { thumbnail as event } from '../../../../landing/blocks/event/thumbnail.tsx';
import { thumbnail as faq } from '../../../../landing/blocks/faq/thumbnail.tsx';
import { thumbnail as features } from '../../../../landing/blocks/features/thumbnail.tsx';
import { thumbnail as finalCTA } from '../../../../landing/blocks/final-cta/thumbnail.tsx';
import { thumbnail as footer } from '../../../../landing/blocks/footer/thumbnail.tsx';
import { thumbnail as form } from '../../../../landing/blocks/form/thumbnail.tsx';
import { thumbnail as gatedAsset } from '../../../../landing/blocks/gated-asset/thumbnail.tsx';
import { thumbnail as hero } from '../../../../landing/blocks/hero/thumbnail.tsx';
import { thumbnail as howItWorks } from '../../../../landing/blocks/how-it-works/thumbnail.tsx';
import { thumbnail as imageCaption } from '../../../../landing/blocks/image-caption/thumbnail.tsx';
import { thumbnail as logoStrip } from '../../../../landing/blocks/logo-strip/thumbnail.tsx';
import { thumbnail as navigation } from '../../../../landing/blocks/navigation/thumbnail.tsx';
import { thumbnail as pricing } from '../../../../landing/blocks/pricing/thumbnail.tsx';
import { thumbnail as richText } from '../../../../landing/blocks/rich-text/thumbnail.tsx';
import { thumbnail as stats } from '../../../../landing/blocks/stats/thumbnail.tsx';
import { thumbnail as supplierFeatures } from '../../../../landing/blocks/supplier-features/thumbnail.tsx';
import { thumbnail as testimonials } from '../../../../landing/blocks/testimonials/thumbnail.tsx';
import { thumbnail as references } from '../../../../landing/blocks/references/thumbnail.tsx';
import { thumbnail as twoColumns } from '../../../../landing/blocks/two-columns/thumbnail.tsx';
import { thumbnail as video } from '../../../../landing/blocks/video/thumbnail.tsx';

export const THUMBNAILS: Record<BlockType, ReactNode> = {
  navigation,
  hero,
  howItWorks,
  features,
  supplierFeatures,
  benefits,
  pricing,
  finalCTA,
  testimonials,
  footer,
  richText,
  event,
  gatedAsset,
  form,
  logoStrip,
  faq,
  video,
  stats,
  imageCaption,
  twoColumns,
  references,
};

export function BlockThumbnail({ type }: { type: BlockType }) {
  return (
    <svg
      viewBox="0 0 100 60"
      aria-hidden="true"
      focusable="false"
      className="h-15 w-25 shrink-0 rounded border border-slate-200 bg-white"
    >
      {THUMBNAILS[type]}
    </svg>
  );
}
