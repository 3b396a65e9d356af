import type { Meta } from '@storybook/react-vite';
import { states } from '../../stories/area-states';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { NotebookScreen } from './notebook';

const meta = {
  title: 'Screens/Journal/Notebook',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/notebook' },
} satisfies Meta<PageStoryArgs>;
export default meta;

const notebook = states('Notebook', '/notebook', (s) => (
  <NotebookScreen
    status={s}
    notes={[
      {
        id: 'n1',
        title: 'Plan for Thursday (weekly expiry)',
        excerpt: 'NIFTY 24,400 support, 24,650 resistance. Max loss ₹5,000. No trades in the first 15 minutes.',
        updatedAt: '2026-01-28T15:30:00Z',
      },
      {
        id: 'n2',
        title: 'Review: revenge trade on BANKNIFTY',
        excerpt: 'Re-entered within 3 minutes of the stop. Lost ₹2,100 more. Rule: 10-minute break after any stop.',
        updatedAt: '2026-01-29T10:45:00Z',
      },
    ]}
  />
));
export const NotebookPopulated = notebook.Populated;
export const NotebookEmpty = notebook.Empty;
export const NotebookLoading = notebook.Loading;
export const NotebookError = notebook.Error;
