import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

function canFullscreen(element: HTMLElement | null): element is HTMLElement {
  return element !== null && typeof element.requestFullscreen === 'function' && Boolean(document.fullscreenEnabled);
}

/**
 * Puts `ref`'s element in full screen when it mounts (Play was a click, so the browser allows
 * it) and leaves full screen on unmount. Where the Fullscreen API is missing or refused, the
 * caller's full-window overlay is the fallback, and `enter` tries again from a click. Leaving
 * full screen by the browser's own means (Esc, F11) calls `onExit`: one Esc ends the show, as
 * in PowerPoint.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>, onExit: () => void) {
  const [active, setActive] = useState(false);
  const [supported, setSupported] = useState(false);
  const exit = useRef(onExit);
  useEffect(() => {
    exit.current = onExit;
  });

  const enter = useCallback(() => {
    const element = ref.current;
    if (!canFullscreen(element)) return;
    element.requestFullscreen().catch(() => {
      // Refused (no user gesture, a policy): the overlay stays, which is the fallback.
    });
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (!canFullscreen(element)) return undefined;
    setSupported(true);
    let entered = false;
    const onChange = () => {
      const now = document.fullscreenElement === element;
      setActive(now);
      if (entered && !now) exit.current();
      entered = now;
    };
    document.addEventListener('fullscreenchange', onChange);
    enter();
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      if (document.fullscreenElement === element) void document.exitFullscreen().catch(() => undefined);
    };
  }, [ref, enter]);

  return { active, supported, enter };
}
