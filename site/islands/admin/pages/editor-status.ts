// What the page editor says about the page, in one place (issue 35,
// docs/decisions/0421-editor-by-role.md): how the signed-in role may use it (edit, or read
// it as a reviewer or as sales) and the one status line of the header: where a save goes
// and whether visitors see the page. The header and the Review tab read the revision from
// the editor (use-page-editor.ts), not from here.
import { useMe } from '../permissions.ts';

/** Edit the page; read it and review it (comment, sign); read it and share it. */
export type EditorAccess = 'edit' | 'review' | 'read';

/** The signed-in role's access, from the matrix the API enforces; undefined until known. */
export function useEditorAccess(): EditorAccess | undefined {
  const me = useMe();
  if (!me) return undefined;
  if (me.permissions.includes('edit')) return 'edit';
  return me.permissions.includes('review') ? 'review' : 'read';
}

export type StatusTone = 'copy' | 'live' | 'draft' | 'read';

export interface EditorStatus {
  tone: StatusTone;
  text: string;
}

/** The header's status line. */
export function editorStatus(state: {
  access: EditorAccess;
  /** Saves go to the working copy (visitors keep the live version). */
  copyMode: boolean;
  /** The page is live now. */
  live: boolean;
  /** The Active switch as set in the form (what a save makes it). */
  makesLive: boolean;
}): EditorStatus {
  if (state.access !== 'edit') {
    return {
      tone: 'read',
      text:
        state.access === 'review'
          ? 'Read only: you review this page (comment and approve in the Review tab)'
          : 'Read only: you read this page and share its address',
    };
  }
  if (state.copyMode) {
    return {
      tone: 'copy',
      text: 'Working copy: visitors keep the live version until it is published',
    };
  }
  if (state.live) {
    return state.makesLive
      ? { tone: 'live', text: 'Live version: saving publishes' }
      : { tone: 'live', text: 'Live version: saving takes it off the site' };
  }
  return state.makesLive
    ? { tone: 'live', text: 'Draft: saving publishes it' }
    : { tone: 'draft', text: 'Draft: visitors cannot see it; saving keeps it a draft' };
}

export const STATUS_TONES: Record<StatusTone, string> = {
  copy: 'bg-sky-100 text-sky-900',
  live: 'bg-emerald-100 text-emerald-900',
  draft: 'bg-slate-100 text-slate-800',
  read: 'bg-violet-100 text-violet-900',
};

/** What a read-only role is told it can do with the page (reviewers and sales differ). */
export const READ_ONLY_WORDING: Record<Exclude<EditorAccess, 'edit'>, string> = {
  review:
    'You review pages: read this one here or open it in a new tab, comment on it, and approve or reject a working copy in review in the Review tab. Editors make the changes.',
  read: 'You read and share pages: read this one here, open it in a new tab, or copy its public address to send it. Editing and reviewing are for other roles.',
};
