import { ExternalLink } from '@site/shared-ui/Button';
import { Modal } from '@site/shared-ui/Modal';
import type { Tutorial } from '@site/shared-ui/rows';
import { youtubeEmbedUrl, youtubeWatchUrl } from './youtubeEmbedUrl.ts';
import styles from './VideoPlayerModal.module.css';

interface VideoPlayerModalProps {
  /** The video playing, or null when the player is closed. */
  tutorial: Tutorial | null;
  onClose: () => void;
  /** Finds the video's Play Video button when the player closes, if the one pressed was replaced meanwhile. */
  returnFocus?: () => HTMLElement | null;
}

/**
 * Spec §2 and §4: a large modal with a static backdrop and a close button. Closing unmounts the player, which stops
 * the video. The kit's Modal traps focus, closes on Escape and gives focus back to the Play button (the same video's,
 * found then, if the list was rendered again meanwhile). (Escape pressed while focus is inside the YouTube frame goes
 * to YouTube's page, not ours: Tab out of the player first.)
 */
export function VideoPlayerModal({ tutorial, onClose, returnFocus }: VideoPlayerModalProps) {
  if (!tutorial) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={tutorial.title}
      size="large"
      closeLabel="Close video"
      returnFocus={returnFocus}
    >
      <iframe
        className={styles.player}
        src={youtubeEmbedUrl(tutorial.videoId)}
        title={`${tutorial.title} (YouTube video player)`}
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
      {/* Also the way out of the player for the keyboard: Tab leaves a cross-origin frame to the next element of the
          page, and this link is it (the Modal then wraps focus back to the close button). */}
      <p className={styles.elsewhere}>
        Trouble playing it?{' '}
        <ExternalLink href={youtubeWatchUrl(tutorial.videoId)}>Watch on YouTube</ExternalLink>
      </p>
    </Modal>
  );
}
