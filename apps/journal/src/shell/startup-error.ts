/**
 * What the page shows when the app cannot start at all (a broken build configuration, its code failing to load):
 * plain DOM, no React, so it works when nothing else does. Never a blank page.
 */
export function showStartupError(root: HTMLElement, title: string, details: string[]): void {
  const panel = document.createElement('div');
  panel.setAttribute('role', 'alert');
  panel.className = 'mx-auto my-16 grid max-w-lg gap-3 rounded-lg border bg-card p-6 text-card-foreground';
  const heading = document.createElement('h1');
  heading.className = 'font-semibold text-lg';
  heading.textContent = title;
  panel.append(heading);
  if (details.length > 0) {
    const list = document.createElement('ul');
    list.className = 'grid list-disc gap-1 pl-5 text-muted-foreground text-sm';
    for (const detail of details) {
      const item = document.createElement('li');
      item.textContent = detail;
      list.append(item);
    }
    panel.append(list);
  }
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'justify-self-start rounded-md bg-primary px-4 py-2 text-primary-foreground text-sm';
  reload.textContent = 'Reload Page';
  reload.addEventListener('click', () => window.location.reload());
  panel.append(reload);
  root.replaceChildren(panel);
}
