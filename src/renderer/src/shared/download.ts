/** Saves text as a file the browser downloads (an export, a world file). */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
