import type { Meta } from '@storybook/react-vite';
import { calendarDays } from '../../fixtures/journal';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { CalendarScreen } from './calendar';

const meta = {
  title: 'Screens/Journal/Calendar',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/calendar' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const cal = states('Calendar', '/calendar', (s) => <CalendarScreen status={s} month="2026-01" days={calendarDays} />);
export const CalendarPopulated = cal.Populated;
export const CalendarEmpty = cal.Empty;
export const CalendarLoading = cal.Loading;
export const CalendarError = cal.Error;
