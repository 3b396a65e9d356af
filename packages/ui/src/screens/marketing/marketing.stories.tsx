import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PLANS_FIXTURE } from '../../fixtures/plans';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { featureBySlug, legalBySlug } from './content';
import { FeaturePage, FeaturesIndexPage, LandingPage, LegalPage } from './marketing';

const meta = {
  title: 'Screens/Marketing',
  render: () => <LandingPage plans={PLANS_FIXTURE} />,
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

export const Landing: Story = {
  // Its play function checks the light picture; LandingDark is the page in dark.
  parameters: { visualRegression: { dark: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The trading journal that shows you where your rupees go',
    );
    // Prices from billing's PLANS, worked by hand from the spec: monthly ₹360, yearly ₹3,240 (25% off 12 × ₹360).
    await expect(canvas.getByText(/From ₹360 a month\./)).toBeVisible();
    await expect(canvas.getByText('₹3,240')).toBeVisible();
    await expect(canvas.getByText('25% off annual billing')).toBeVisible();
    await expect(canvas.getByText('Save 25%')).toBeVisible();
    for (const name of [
      'AI assistant',
      'Playbooks',
      'Emotions',
      'Time analysis',
      'Trade entry and imports',
      'Position sizing calculator',
    ]) {
      await expect(canvas.getByRole('heading', { name })).toBeInTheDocument();
    }
    // The picture of the product: our own dashboard, in the page's theme, its size reserved before it loads.
    const shot = canvas.getByRole('img', { name: /^The Bahi dashboard: a month's net P&L after charges/ });
    await expect(shot).toHaveAttribute('src', expect.stringMatching(/dashboard-light[^/]*\.webp$/));
    await expect(shot).toHaveAttribute('width', '1280');
    await expect(shot).toHaveAttribute('height', '880');
  },
};
export const LandingDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const shot = within(canvasElement).getByRole('img', { name: /^The Bahi dashboard/ });
    await expect(shot).toHaveAttribute('src', expect.stringMatching(/dashboard-dark[^/]*\.webp$/));
  },
};
export const LandingMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = canvas.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    menu.focus();
    await userEvent.keyboard('{Enter}');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = canvas.getByRole('navigation', { name: 'Site (mobile)' });
    await expect(within(mobileNav).getByRole('link', { name: 'Features' })).toBeVisible();
    // Tab into the open menu, then Escape closes it and gives focus back to the button.
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveFocus();
    await expect(canvas.queryByRole('navigation', { name: 'Site (mobile)' })).toBeNull();
  },
};

export const Features: Story = { args: { routePath: '/features' }, render: () => <FeaturesIndexPage /> };

export const FeatureAiAssistant: Story = {
  args: { routePath: '/features/ai-assistant' },
  render: () => <FeaturePage feature={featureBySlug('ai-assistant')} />,
};
export const FeaturePlaybooks: Story = {
  args: { routePath: '/features/playbooks' },
  render: () => <FeaturePage feature={featureBySlug('playbooks')} />,
};
export const FeatureEmotions: Story = {
  args: { routePath: '/features/emotions' },
  render: () => <FeaturePage feature={featureBySlug('emotions')} />,
};
export const FeatureTime: Story = {
  args: { routePath: '/features/time' },
  render: () => <FeaturePage feature={featureBySlug('time')} />,
};
export const FeatureTradeEntry: Story = {
  args: { routePath: '/features/trade-entry' },
  render: () => <FeaturePage feature={featureBySlug('trade-entry')} />,
};
export const FeatureCalculator: Story = {
  args: { routePath: '/features/calculator' },
  render: () => <FeaturePage feature={featureBySlug('calculator')} />,
};

export const Terms: Story = {
  args: { routePath: '/terms' },
  render: () => <LegalPage doc={legalBySlug('terms')} plans={PLANS_FIXTURE} />,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Policies' });
    await expect(within(nav).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('aria-current', 'page');
    await expect(within(canvasElement).getByText(/a paid plan: ₹360 a month or ₹3,240 a year\./)).toBeVisible();
  },
};
export const Privacy: Story = {
  args: { routePath: '/privacy' },
  render: () => <LegalPage doc={legalBySlug('privacy')} plans={PLANS_FIXTURE} />,
};
export const Shipping: Story = {
  args: { routePath: '/shipping' },
  render: () => <LegalPage doc={legalBySlug('shipping')} plans={PLANS_FIXTURE} />,
};
export const Refund: Story = {
  args: { routePath: '/refund' },
  render: () => <LegalPage doc={legalBySlug('refund')} plans={PLANS_FIXTURE} />,
};
export const Contact: Story = {
  args: { routePath: '/contact' },
  render: () => <LegalPage doc={legalBySlug('contact')} plans={PLANS_FIXTURE} />,
};
export const LegalDark: Story = {
  args: { routePath: '/privacy' },
  render: () => <LegalPage doc={legalBySlug('privacy')} plans={PLANS_FIXTURE} />,
  globals: { theme: 'dark' },
};
