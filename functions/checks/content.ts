// Content to fill in (issue 38): the placeholders a template leaves for the marketer (a
// speaker's name), which would otherwise go live as written.
import { SPEAKER_NAME_PLACEHOLDER } from '../shared/page-templates.ts';
import type { Finding, RuleInput } from './types.ts';

export function checkPlaceholders(input: RuleInput): Finding[] {
  const layout = input.page.content.layout ?? [];
  return layout.flatMap((block, index) =>
    block.type !== 'event' || block.hidden
      ? []
      : block.speakers.flatMap((speaker, at): Finding[] =>
          speaker.name.trim() === SPEAKER_NAME_PLACEHOLDER
            ? [
                {
                  id: `content.speaker-name:${block.id}:${at}`,
                  category: 'content',
                  level: 'error',
                  message: `Speaker ${at + 1} of “${block.title}” is still called “${SPEAKER_NAME_PLACEHOLDER}”: enter the speaker’s name, or remove the speaker.`,
                  path: `content.layout.${index}.speakers.${at}.name`,
                  blockId: block.id,
                },
              ]
            : [],
        ),
  );
}
