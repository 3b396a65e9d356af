import type { Meta } from '@storybook/react-vite';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { GalleryScreen } from './gallery';

const meta = {
  title: 'Screens/Journal/Gallery',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/gallery' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const chartSvg = (colour: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#0f172a"/><polyline fill="none" stroke="${colour}" stroke-width="2" points="0,70 20,60 40,65 60,40 80,45 100,30 120,35 140,20 160,25"/></svg>`,
  )}`;
const gallery = states('Gallery', '/gallery', (s) => (
  <GalleryScreen
    status={s}
    items={[
      { id: 'g1', caption: 'NIFTY 5-minute, ORB entry at 10:02', src: chartSvg('#4ade80') },
      { id: 'g2', caption: 'BANKNIFTY VWAP rejection, stopped out', src: chartSvg('#f87171') },
      { id: 'g3', caption: 'TATAMOTORS daily breakout', src: chartSvg('#818cf8') },
    ]}
  />
));
export const GalleryPopulated = gallery.Populated;
export const GalleryEmpty = gallery.Empty;
export const GalleryLoading = gallery.Loading;
export const GalleryError = gallery.Error;
