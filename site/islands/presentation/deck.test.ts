// The deck's key and swipe rules (deck.ts); e2e/presentation.spec.ts drives them in Chromium.
import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_DISTANCE, deckAction, swipeAction } from './deck.ts';

describe('deckAction', () => {
  it('maps the deck keys and ignores the rest', () => {
    expect(deckAction('ArrowRight')).toBe('next');
    expect(deckAction(' ')).toBe('next');
    expect(deckAction('ArrowLeft')).toBe('previous');
    expect(deckAction('f')).toBe('fullscreen');
    expect(deckAction('F')).toBe('fullscreen');
    for (const key of ['Enter', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'g']) {
      expect(deckAction(key), key).toBeNull();
    }
  });
});

describe('swipeAction', () => {
  it('reads a leftward move as next and a rightward one as previous', () => {
    expect(swipeAction(-SWIPE_MIN_DISTANCE, 0)).toBe('next');
    expect(swipeAction(SWIPE_MIN_DISTANCE, 0)).toBe('previous');
  });

  it('ignores moves shorter than the minimum distance', () => {
    expect(swipeAction(-(SWIPE_MIN_DISTANCE - 1), 0)).toBeNull();
    expect(swipeAction(SWIPE_MIN_DISTANCE - 1, 0)).toBeNull();
  });

  it('needs the move to be more than 1.5 times as wide as it is tall', () => {
    expect(swipeAction(-150, 100)).toBeNull();
    expect(swipeAction(-151, 100)).toBe('next');
    expect(swipeAction(150, -100)).toBeNull();
  });
});
