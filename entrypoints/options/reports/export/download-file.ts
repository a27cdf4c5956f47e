// How the options page hands a CSV file to the browser: the reports export and a project's page both use it.

/** Through an <a download> and a Blob URL: no `downloads` permission needed. */
export function downloadFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the URL is freed a little later to be sure.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
