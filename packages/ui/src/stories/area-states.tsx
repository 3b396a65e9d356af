import type { StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { expect, within } from 'storybook/test';
import { AppShell } from '../components/app-shell';
import type { AreaStatus } from '../screens/journal/area-page';
import type { PageStoryArgs } from './page-decorator';

export type AreaStory = StoryObj<PageStoryArgs>;

/** The app's shell around a page story, signed in as Priya Sharma. */
export function Shell({ children }: { children: React.ReactNode }) {
  return <AppShell userName="Priya Sharma">{children}</AppShell>;
}

/** Four stories (populated, empty, loading, error) for an area. */
export function states(
  title: string,
  routePath: string,
  render: (status: AreaStatus) => React.ReactNode,
): Record<'Populated' | 'Empty' | 'Loading' | 'Error', AreaStory> {
  const story = (status: AreaStatus): AreaStory => ({
    args: { routePath },
    render: () => <Shell>{render(status)}</Shell>,
    play: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('heading', { name: title, level: 1 })).toBeVisible();
    },
  });
  return { Populated: story('ready'), Empty: story('empty'), Loading: story('loading'), Error: story('error') };
}
