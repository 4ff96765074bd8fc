// What a new block of each type starts with (newBlock in layout-ops.ts), from the type's folder
// (site/islands/landing/blocks/<type>/starter.ts, docs/decisions/0380-block-type-folders.md): a
// complete record keyed by BlockType (functions/shared/blocks.ts), so a type added there does not
// type-check until it has a starter, even an empty one.
import type { BlockType } from '../../../../../../functions/shared/blocks.ts';
import type { Starter } from '../../../../landing/blocks/editor-parts.tsx';
import { starter as benefits } from '../../../../landing/blocks/benefits/starter.ts';
import { starter as event } from '../../../../landing/blocks/event/starter.ts';
import { starter as faq } from '../../../../landing/blocks/faq/starter.ts';
import { starter as features } from '../../../../landing/blocks/features/starter.ts';
import { starter as finalCTA } from '../../../../landing/blocks/final-cta/starter.ts';
import { starter as footer } from '../../../../landing/blocks/footer/starter.ts';
import { starter as form } from '../../../../landing/blocks/form/starter.ts';
import { starter as gatedAsset } from '../../../../landing/blocks/gated-asset/starter.ts';
import { starter as hero } from '../../../../landing/blocks/hero/starter.ts';
import { starter as howItWorks } from '../../../../landing/blocks/how-it-works/starter.ts';
import { starter as imageCaption } from '../../../../landing/blocks/image-caption/starter.ts';
import { starter as logoStrip } from '../../../../landing/blocks/logo-strip/starter.ts';
import { starter as navigation } from '../../../../landing/blocks/navigation/starter.ts';
import { starter as pricing } from '../../../../landing/blocks/pricing/starter.ts';
import { starter as richText } from '../../../../landing/blocks/rich-text/starter.ts';
import { starter as stats } from '../../../../landing/blocks/stats/starter.ts';
import { starter as supplierFeatures } from '../../../../landing/blocks/supplier-features/starter.ts';
import { starter as testimonials } from '../../../../landing/blocks/testimonials/starter.ts';
import { starter as references } from '../../../../landing/blocks/references/starter.ts';
import { starter as twoColumns } from '../../../../landing/blocks/two-columns/starter.ts';
import { starter as video } from '../../../../landing/blocks/video/starter.ts';

export const STARTERS: { [T in BlockType]: Starter<T> } = {
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
