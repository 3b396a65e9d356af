import { Images } from 'lucide-react';
import { Button } from '../../components/button';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// Gallery

export interface GalleryItem {
  id: string;
  caption: string;
  /** Image URL (a signed storage URL); the caption names it. */
  src: string;
}

export function GalleryScreen({
  status,
  items = [],
  ...cb
}: { status: AreaStatus; items?: GalleryItem[] } & AreaCallbacks) {
  const upload = (
    <Button>
      <Images aria-hidden="true" /> Upload chart
    </Button>
  );
  return (
    <AreaPage
      title="Gallery"
      description="Chart screenshots from your trades and playbooks."
      status={status}
      skeleton="cards"
      actions={upload}
      empty={{
        icon: <Images />,
        title: 'No screenshots yet',
        description: 'Attach the chart at entry and at exit to a trade. Reviewing pictures beats reviewing numbers.',
        action: upload,
      }}
      {...cb}
    >
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.id}>
            <figure className="grid gap-1">
              {/* The figcaption names the figure; repeating it as alt text would be read twice. */}
              <img src={item.src} alt="" className="aspect-video w-full rounded-lg border object-cover" />
              <figcaption className="text-muted-foreground text-xs">{item.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </AreaPage>
  );
}
