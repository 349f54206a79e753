/** The privacy-enhanced YouTube player for a video: no cookies until the visitor plays it. */
export function youtubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}
