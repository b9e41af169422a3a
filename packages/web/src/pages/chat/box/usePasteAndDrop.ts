/**
 * Files dropped anywhere on the chat box, or pasted while nothing else takes
 * the paste (focus on the page itself), go to the composer's preview. Pastes
 * into the text box are handled there; other inputs keep their own paste.
 */
import { useEffect, type RefObject } from 'react';
import type { ComposerHandle } from './composer/Composer';
import { filesOf } from './composer/AttachPreview';

const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');

export function usePasteAndDrop(
  root: RefObject<HTMLElement | null>,
  composer: RefObject<ComposerHandle | null>,
  onDragging: (on: boolean) => void,
) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      onDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (!depth) onDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e) || !composer.current) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      onDragging(false);
      const files = filesOf(e.dataTransfer);
      if (!files.length) return;
      e.preventDefault();
      composer.current?.attach(files);
    };
    const paste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      const files = filesOf(e.clipboardData);
      if (!files.length || !composer.current) return;
      e.preventDefault();
      composer.current.attach(files);
    };
    el.addEventListener('dragenter', enter);
    el.addEventListener('dragleave', leave);
    el.addEventListener('dragover', over);
    el.addEventListener('drop', drop);
    document.addEventListener('paste', paste);
    return () => {
      el.removeEventListener('dragenter', enter);
      el.removeEventListener('dragleave', leave);
      el.removeEventListener('dragover', over);
      el.removeEventListener('drop', drop);
      document.removeEventListener('paste', paste);
    };
  }, [root, composer, onDragging]);
}
