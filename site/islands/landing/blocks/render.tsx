// The landing page's blocks in order (docs/decisions/0172-add-a-block-type.md): one renderer per
// block type of functions/shared/blocks.ts. RENDERERS is a complete record, so a type added to
// BLOCK_TYPES does not type-check until it has a renderer here.
import type { ReactNode } from 'react';
import type { Block, BlockOf, BlockType } from '../../../../functions/shared/blocks.ts';
import type { MediaMap } from '../media-image.tsx';
import {
  Benefits,
  FeaturesBlock,
  FinalCta,
  Hero,
  HowItWorks,
  LandingNav,
  PricingBlock,
  SupplierFeaturesBlock,
} from '../sections.tsx';
import {
  FaqBlock,
  ImageCaptionBlock,
  LogoStripBlock,
  RichTextBlock,
  StatsBlock,
  TestimonialsBlock,
  TwoColumnsBlock,
} from './content-blocks.tsx';
import { EventBlock } from './event-block.tsx';
import { VideoBlock } from './video-block.tsx';
import { GatedAssetBlock } from './gated-asset-block.tsx';

export interface RenderContext {
  media: MediaMap | undefined;
  /** The Logo.astro mark, for the navigation. */
  logo: ReactNode;
  /** The built page's slug, for an event's .ics link (unset in previews: no link). */
  slug?: string | undefined;
}

type Renderer<T extends BlockType> = (block: BlockOf<T>, context: RenderContext) => ReactNode;

/** The section fields of a block: the block without its own id, type, label, hidden and style. */
function fieldsOf<T extends Block>(
  block: T,
): Omit<T, 'id' | 'type' | 'label' | 'hidden' | 'style'> {
  const common = new Set(['id', 'type', 'label', 'hidden', 'style']);
  return Object.fromEntries(Object.entries(block).filter(([key]) => !common.has(key))) as Omit<
    T,
    'id' | 'type' | 'label' | 'hidden' | 'style'
  >;
}

export const RENDERERS: { [T in BlockType]: Renderer<T> } = {
  navigation: (block, { logo }) => <LandingNav brand={block.name} logo={logo} />,
  hero: (block, { media }) => <Hero hero={fieldsOf(block)} media={media} />,
  howItWorks: (block) => <HowItWorks style={block.style} />,
  features: (block, { media }) => (
    <FeaturesBlock features={fieldsOf(block)} media={media} style={block.style} />
  ),
  supplierFeatures: (block, { media }) => (
    <SupplierFeaturesBlock features={fieldsOf(block)} media={media} style={block.style} />
  ),
  benefits: (block) => <Benefits benefits={fieldsOf(block)} style={block.style} />,
  pricing: (block) => <PricingBlock pricing={fieldsOf(block)} style={block.style} />,
  finalCTA: (block) => <FinalCta cta={fieldsOf(block)} style={block.style} />,
  testimonials: (block) => <TestimonialsBlock block={block} />,
  // The site footer follows the page in its layout (LandingLayout.astro).
  footer: () => null,
  richText: (block) => <RichTextBlock block={block} />,
  faq: (block) => <FaqBlock block={block} />,
  stats: (block) => <StatsBlock block={block} />,
  logoStrip: (block, { media }) => <LogoStripBlock block={block} media={media} />,
  imageCaption: (block, { media }) => <ImageCaptionBlock block={block} media={media} />,
  twoColumns: (block, { media }) => <TwoColumnsBlock block={block} media={media} />,
  event: (block, { media, slug }) => <EventBlock block={block} media={media} slug={slug} />,
  // Without a file it is not shown (the editor says so under the field).
  gatedAsset: (block, { slug }) =>
    block.asset ? <GatedAssetBlock block={block} slug={slug} /> : null,
  video: (block, { media }) => <VideoBlock block={block} media={media} />,
};

export function renderBlock(block: Block, context: RenderContext): ReactNode {
  // The record pairs each type with its renderer; TypeScript cannot follow the pairing.
  const render = RENDERERS[block.type] as Renderer<Block['type']>;
  return render(block as never, context);
}
