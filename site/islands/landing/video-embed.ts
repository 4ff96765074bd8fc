// The video block's player, loaded only on the visitor's click
// (docs/decisions/0174-video-blocks.md): the prerendered block (blocks/video/renderer.tsx) is a
// library poster under a link to the video on youtube.com or vimeo.com, so nothing is asked of the
// provider before the click, and without JavaScript the link still leads to the video. Here, a
// plain left click puts the privacy-enhanced player (youtube-nocookie.com, Vimeo with dnt=1) in the
// poster's place, playing, and moves the focus to it. The site's CSP frames these two origins only
// (functions/shared/security-headers.ts, VIDEO_FRAME_ORIGINS; blocks/video/renderer.test.ts keeps
// the two lists together). Plain DOM code, imported by landing-behavior.ts: keep it small.

export type VideoProvider = 'youtube' | 'vimeo';

/** The player's address: privacy-enhanced, starting at once (the click was the request). */
export function embedUrl(provider: VideoProvider, videoId: string): string {
  const id = encodeURIComponent(videoId);
  return provider === 'vimeo'
    ? `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1`
    : `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

/** What the player may use: playing, protected media, picture in picture, full screen. */
export const PLAYER_ALLOW = 'autoplay; encrypted-media; picture-in-picture; fullscreen';

/**
 * Replaces the poster of the `[data-video]` frame with its player, focused. Its data:
 * `data-video` (provider), `data-video-id`, `data-video-title` (the iframe's title).
 */
export function playVideo(frame: HTMLElement): HTMLIFrameElement {
  const { video, videoId = '', videoTitle = '' } = frame.dataset;
  const iframe = document.createElement('iframe');
  iframe.src = embedUrl(video === 'vimeo' ? 'vimeo' : 'youtube', videoId);
  iframe.title = videoTitle;
  iframe.allow = PLAYER_ALLOW;
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = 'strict-origin-when-cross-origin';
  iframe.className = 'absolute inset-0 h-full w-full border-0';
  frame.replaceChildren(iframe);
  frame.dataset['videoPlaying'] = 'true';
  iframe.focus();
  return iframe;
}

/** Listens inside `root` for clicks on the video blocks' play links; returns its stop. */
export function startVideos(root: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    // A new tab or window (modifier or middle click) keeps the link's own meaning.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const link = event.target instanceof Element ? event.target.closest('[data-video-play]') : null;
    const frame = link?.closest<HTMLElement>('[data-video]');
    if (!frame || !root.contains(frame)) return;
    event.preventDefault();
    playVideo(frame);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
