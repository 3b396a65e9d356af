import { AssistantScreen } from '@bahi/ui';

export default function AssistantPage() {
  return <AssistantScreen status="empty" />;
}
