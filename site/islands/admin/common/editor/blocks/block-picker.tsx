// The block picker (issue 27): every type BLOCK_TYPES marks rendered (functions/shared/blocks.ts
// is read, never a list here), each with its schematic (thumbnails.tsx), label and
// description. The navigation, the hero and the footer are offered only while the page has none.
import type { Block, BlockType } from '../../../../../../functions/shared/blocks.ts';
import { BLOCK_TYPES } from '../../../../../../functions/shared/blocks.ts';
import { Modal } from '../../../ui.tsx';
import { pickerTypes } from './layout-ops.ts';
import { BlockThumbnail } from './thumbnails.tsx';

export function BlockPicker({
  open,
  onOpenChange,
  layout,
  after,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  layout: readonly Block[];
  /** The block the new one goes after, for the description (undefined: at the end). */
  after: string | undefined;
  onPick: (type: BlockType) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Add a block"
      description={
        after ? `The new block goes after “${after}”.` : 'The new block goes at the end.'
      }
    >
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Block types">
        {pickerTypes(layout).map((type) => (
          <li key={type}>
            <button
              type="button"
              data-block-type={type}
              onClick={() => onPick(type)}
              className="flex w-full items-start gap-3 rounded-lg border border-slate-200 p-2 text-left hover:border-brand-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <BlockThumbnail type={type} />
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-ink">{BLOCK_TYPES[type].label}</span>
                <span className="text-xs text-slate-700">{BLOCK_TYPES[type].description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
