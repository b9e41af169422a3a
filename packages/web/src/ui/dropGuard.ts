/**
 * A file dropped where nothing takes it would make the browser open the file
 * in place of the app. Refuse such drops everywhere; file inputs keep theirs.
 */
export function installDropGuard(target: Window = window): void {
  const guard = (e: DragEvent) => {
    if ((e.target as Element | null)?.closest?.('input[type="file"]')) return;
    if (e.defaultPrevented) return; // a drop zone (the chat box) took it
    e.preventDefault();
    if (e.dataTransfer && e.type === 'dragover') e.dataTransfer.dropEffect = 'none';
  };
  target.addEventListener('dragover', guard);
  target.addEventListener('drop', guard);
}
