import { describe, expect, it } from 'vitest';
import { editorStatus } from './editor-status.ts';

const editing = { access: 'edit', copyMode: false, live: false, makesLive: false } as const;

describe("the page editor's status line (issue 35)", () => {
  it('says a draft stays a draft, never "saving publishes"', () => {
    const draft = editorStatus(editing);
    expect(draft).toEqual({
      tone: 'draft',
      text: 'Draft: visitors cannot see it; saving keeps it a draft',
    });
    expect(draft.text).not.toContain('publishes');
    expect(editorStatus({ ...editing, makesLive: true }).text).toBe('Draft: saving publishes it');
  });

  it('says where a save of a live page goes', () => {
    expect(editorStatus({ ...editing, live: true, makesLive: true }).text).toBe(
      'Live version: saving publishes',
    );
    expect(editorStatus({ ...editing, live: true }).text).toBe(
      'Live version: saving takes it off the site',
    );
    expect(editorStatus({ ...editing, live: true, makesLive: true, copyMode: true }).text).toBe(
      'Working copy: visitors keep the live version until it is published',
    );
  });

  it('gives reviewers and sales their own read-only line, whatever the page', () => {
    for (const page of [editing, { ...editing, live: true, makesLive: true, copyMode: true }]) {
      expect(editorStatus({ ...page, access: 'review' }).text).toBe(
        'Read only: you review this page (comment and approve in the Review tab)',
      );
      expect(editorStatus({ ...page, access: 'read' }).text).toBe(
        'Read only: you read this page and share its address',
      );
    }
  });
});
