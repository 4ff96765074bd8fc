// The landing page's blocks in order (docs/decisions/0380-block-type-folders.md): one renderer per
// block type of functions/shared/blocks.ts, each in its type's folder (<type>/renderer.tsx).
// RENDERERS is a complete record, so a type added to BLOCK_TYPES does not type-check until it has
// a renderer here. Only renderers: the picker's thumbnails and the new blocks' starters of the same
// folders are the admin's (site/islands/admin/common/editor/blocks/), never imported on this side.
import type { ReactNode } from 'react';
import type { Block, BlockType } from '../../../../functions/shared/blocks.ts';
import type { Renderer, RenderContext } from './render-context.ts';
import { render as benefits } from './benefits/renderer.tsx';
import { render as event } from './event/renderer.tsx';
import { render as faq } from './faq/renderer.tsx';
import { render as features } from './features/renderer.tsx';
import { render as finalCTA } from './final-cta/renderer.tsx';
import { render as footer } from './footer/renderer.tsx';
import { render as form } from './form/renderer.tsx';
import { render as gatedAsset } from './gated-asset/renderer.tsx';
import { render as hero } from './hero/renderer.tsx';
import { render as howItWorks } from './how-it-works/renderer.tsx';
import { render as imageCaption } from './image-caption/renderer.tsx';
import { render as logoStrip } from './logo-strip/renderer.tsx';
import { render as navigation } from './navigation/renderer.tsx';
import { render as pricing } from './pricing/renderer.tsx';
import { render as richText } from './rich-text/renderer.tsx';
import { render as stats } from './stats/renderer.tsx';
import { render as supplierFeatures } from './supplier-features/renderer.tsx';
import { render as testimonials } from './testimonials/renderer.tsx';
import { render as references } from './references/renderer.tsx';
import { render as twoColumns } from './two-columns/renderer.tsx';
import { render as video } from './video/renderer.tsx';

export const RENDERERS: { [T in BlockType]: Renderer<T> } = {
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

export function renderBlock(block: Block, context: RenderContext): ReactNode {
  // The record pairs each type with its renderer; TypeScript cannot follow the pairing.
  const render = RENDERERS[block.type] as Renderer<Block['type']>;
  return render(block as never, context);
}
