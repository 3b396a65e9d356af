import type { Meta } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { chartScreenshot } from '../../fixtures/chart-screenshot';
import { Shell, type AreaStory as Story, states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { type GalleryItem, GalleryScreen, type GalleryScreenProps } from './gallery';

const meta = {
  title: 'Screens/Journal/Gallery',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/gallery' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const items: GalleryItem[] = [
  {
    id: 'g1',
    caption: 'NIFTY 5-minute, ORB entry at 10:02',
    src: chartScreenshot('#4ade80'),
    createdAt: '2026-11-20T04:35:00Z',
    tradeId: 't1',
  },
  {
    id: 'g2',
    caption: 'BANKNIFTY VWAP rejection, stopped out',
    src: chartScreenshot('#f87171'),
    createdAt: '2026-11-19T06:10:00Z',
    noteId: 'n1',
  },
  {
    id: 'g3',
    caption: 'TATAMOTORS daily breakout',
    src: chartScreenshot('#818cf8'),
    createdAt: '2026-11-18T10:00:00Z',
  },
];
const trades = [
  { id: 't1', label: 'NIFTY 24 NOV 26 24500 CE, 20 Nov' },
  { id: 't2', label: 'SUZLON, 20 Nov' },
];
const notes = [{ id: 'n1', label: 'Journal, 2026-11-19' }];

function Gallery(props: Partial<GalleryScreenProps>) {
  return (
    <Shell>
      <GalleryScreen status="ready" items={items} trades={trades} notes={notes} {...props} />
    </Shell>
  );
}

const gallery = states('Gallery', '/gallery', (s) => (
  <GalleryScreen status={s} items={items} trades={trades} notes={notes} />
));
export const Populated = gallery.Populated;
export const Empty = gallery.Empty;
export const Loading = gallery.Loading;
export const LoadError = gallery.Error;

const upload = fn();
export const Uploading: Story = {
  render: () => (
    <Gallery
      onUpload={upload}
      uploads={[
        { id: 'u1', name: 'reliance-15m.png', progress: 0.42 },
        { id: 'u2', name: 'banknifty-expiry.jpg', progress: 1 },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('progressbar', { name: 'Uploading reliance-15m.png' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(canvas.getByText('Done')).toBeVisible();
    const file = new File(['png'], 'chart.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText('Choose images to upload'), file);
    await expect(upload).toHaveBeenCalledWith([file]);
  },
};

export const UploadError: Story = {
  render: () => (
    <Gallery
      rejected={['notes.pdf is not a PNG, JPEG, WebP or GIF image.', 'big.jpg is 12.0 MB; images can be up to 10 MB.']}
      uploads={[
        { id: 'u3', name: 'nifty-1m.png', progress: 0.3, error: 'Upload failed: the network connection was lost.' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('big.jpg is 12.0 MB; images can be up to 10 MB.')).toBeVisible();
    await expect(canvas.getByText('Upload failed: the network connection was lost.')).toBeVisible();
  },
};

const save = fn();
export const ViewerOpen: Story = {
  render: () => <Gallery initialViewerId="g1" onSave={save} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('heading', { name: 'NIFTY 5-minute, ORB entry at 10:02' })).toBeVisible();
    await expect(within(dialog).getByText(/Image 1 of 3/)).toBeVisible();
    // Arrow keys move through the gallery, wrapping at the ends.
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByRole('heading', { name: 'BANKNIFTY VWAP rejection, stopped out' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(within(dialog).getByRole('heading', { name: 'TATAMOTORS daily breakout' })).toBeVisible();
    const trade = within(dialog).getByRole('combobox', { name: 'Trade' });
    await expect(trade).toHaveTextContent('Not linked');
    await userEvent.click(trade);
    await userEvent.click(await screen.findByRole('option', { name: 'SUZLON, 20 Nov' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Trade' })).toHaveTextContent('SUZLON, 20 Nov'),
    );
    // Arrow keys on the select stay with it: the image does not change.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Trade' })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByRole('heading', { name: 'TATAMOTORS daily breakout' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save details' }));
    await expect(save).toHaveBeenCalledWith('g3', {
      caption: 'TATAMOTORS daily breakout',
      tradeId: 't2',
      noteId: null,
    });
  },
};

export const ViewerDeleteConfirm: Story = {
  render: () => <Gallery initialViewerId="g2" onDelete={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(within(dialog).getByRole('button', { name: 'Delete image' })).toBeVisible();
  },
};
