/** Its own module so that tests can replace it; happy-dom cannot reload a page. */
export function reloadPage(): void {
  window.location.reload();
}
