import { GalleryScreen } from '@bahi/ui';

export default function GalleryPage() {
  return <GalleryScreen status="empty" />;
}
