// Addresses of embedded players: the privacy-mode video player and its commands.
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

export function videoEmbedUrl(id: string, { autoplay = true, api = false } = {}): string {
  const params = new URLSearchParams({ rel: '0', modestbranding: '1' });
  if (autoplay) params.set('autoplay', '1');
  if (api) params.set('enablejsapi', '1');
  return `${VIDEO_ORIGIN}/embed/${encodeURIComponent(id)}?${params}`;
}

/** Tells an embedded player (loaded with api) to pause. */
export function pauseVideo(frame: HTMLIFrameElement | null): void {
  frame?.contentWindow?.postMessage(JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }), VIDEO_ORIGIN);
}

/** The meeting service's in-browser client for a meeting link (zoom.us/j/<id> → app.zoom.us/wc/join/<id>). */
export function meetingEmbedUrl(meetingUrl: string): string {
  const id = meetingUrl.match(/\/j\/(\d+)/)?.[1];
  return id ? `https://app.zoom.us/wc/join/${id}` : meetingUrl;
}
