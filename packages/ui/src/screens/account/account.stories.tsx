import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/app-shell';
import { AUTH_MESSAGES as MESSAGES } from '../../fixtures/service-messages';
import { PageDecorator, type PageStoryArgs } from '../../stories/page-decorator';
import { AdminScreen, type AdminScreenProps, type AdminSubscription, type AdminUser } from './admin';
import {
  brokerLater,
  type OnboardingErrors,
  OnboardingScreen,
  type OnboardingScreenProps,
  type OnboardingValues,
} from './onboarding';
import { ProfileScreen, type ProfileScreenProps } from './profile';

const meta = {
  title: 'Screens/Account',
  decorators: [PageDecorator],
  parameters: { layout: 'fullscreen' },
  args: { routePath: '/profile' },
} satisfies Meta<PageStoryArgs>;

export default meta;
type Story = StoryObj<PageStoryArgs>;

// Onboarding

const emptyValues: OnboardingValues = { fullName: '', segments: [], broker: '', capital: '' };

type StepCheck = (step: number, values: OnboardingValues) => OnboardingErrors;

/** The wizard as the app drives it: Continue runs `check` on the step and stays put while it finds errors. */
function Wizard({
  initialStep = 0,
  initial = emptyValues,
  check,
  ...props
}: Partial<OnboardingScreenProps> & { initialStep?: number; initial?: OnboardingValues; check?: StepCheck }) {
  const [step, setStep] = useState(initialStep);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<OnboardingErrors>({});
  return (
    <OnboardingScreen
      step={step}
      values={values}
      fieldErrors={errors}
      onChange={setValues}
      onNext={() => {
        const found = check?.(step, values) ?? {};
        setErrors(found);
        if (!Object.keys(found).length) setStep((s) => s + 1);
      }}
      onBack={() => setStep((s) => s - 1)}
      {...props}
    />
  );
}

// The app's messages (apps/journal/src/onboarding-values.ts) and a stand-in for its broker-step rule, enough to
// reach each state here; the rule itself is unit-tested in the app.
const brokerError = `Choose your broker, or pick “${brokerLater.label}”.`;
const capitalError = 'Enter your trading capital in rupees, like 5,00,000.';
const brokerStep: StepCheck = (step, values) => {
  if (step !== 2) return {};
  const errors: OnboardingErrors = {};
  if (!values.broker) errors.broker = brokerError;
  if (/[^\d₹,.\s]/.test(values.capital)) errors.capital = capitalError;
  return errors;
};

const priya: OnboardingValues = { fullName: 'Priya Sharma', segments: ['options'], broker: '', capital: '' };

async function chooseBroker(canvasElement: HTMLElement, name: string) {
  within(canvasElement).getByRole('combobox', { name: 'Broker' }).focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.click(await screen.findByRole('option', { name }));
}

const finish = fn();

export const OnboardingWalkthrough: Story = {
  args: { routePath: '/onboarding' },
  render: () => <Wizard onFinish={finish} check={brokerStep} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'What should we call you?' }), 'Priya Sharma');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await canvas.findByRole('heading', { name: 'How you trade' });
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Options' }));
    await expect(canvas.getByRole('checkbox', { name: 'Options' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await canvas.findByRole('heading', { name: 'Broker and capital' });
    await chooseBroker(canvasElement, 'Zerodha');
    // Enter in the capital field continues, as in any form.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Trading capital (₹)' }), '2,50,000{Enter}');
    await expect(await canvas.findByText('Welcome aboard, Priya. Your journal is ready.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to dashboard' }));
    await expect(finish).toHaveBeenCalled();
  },
};

/** The report that started this: a name typed into trading capital is refused beside the field, not saved as blank. */
export const OnboardingInvalidCapital: Story = {
  args: { routePath: '/onboarding' },
  render: () => <Wizard initialStep={2} initial={{ ...priya, broker: 'Zerodha' }} check={brokerStep} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const capital = canvas.getByRole('textbox', { name: 'Trading capital (₹)' });
    await userEvent.type(capital, 'Ravi Kumar');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(capital).toHaveFocus());
    await expect(capital).toHaveAttribute('aria-invalid', 'true');
    await expect(capital).toHaveAccessibleDescription(expect.stringContaining(capitalError));
    await expect(canvas.getByRole('heading', { name: 'Broker and capital' })).toBeVisible();
    await userEvent.clear(capital);
    await userEvent.type(capital, '5,00,000');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('heading', { name: 'All set' })).toBeVisible();
  },
};

/** Continue with no broker chosen: the message says how to go on, and focus goes to the broker, the first to fix. */
export const OnboardingNoBrokerChosen: Story = {
  args: { routePath: '/onboarding' },
  render: () => <Wizard initialStep={2} initial={{ ...priya, capital: 'Ravi Kumar' }} check={brokerStep} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const broker = canvas.getByRole('combobox', { name: 'Broker' });
    await waitFor(() => expect(broker).toHaveFocus());
    await expect(broker).toHaveAttribute('aria-invalid', 'true');
    await expect(broker).toHaveAccessibleDescription(expect.stringContaining(brokerError));
    await expect(canvas.getByRole('textbox', { name: 'Trading capital (₹)' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('heading', { name: 'Broker and capital' })).toBeVisible();
  },
};

const skippedFinish = fn();

/** “I'll choose later” answers the question without naming a broker. */
export const OnboardingBrokerSkipped: Story = {
  args: { routePath: '/onboarding' },
  render: () => <Wizard initialStep={2} initial={priya} check={brokerStep} onFinish={skippedFinish} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await chooseBroker(canvasElement, brokerLater.label);
    const broker = canvas.getByRole('combobox', { name: 'Broker' });
    await expect(broker).toHaveTextContent(brokerLater.label);
    await expect(broker).not.toHaveAttribute('aria-invalid');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(await canvas.findByRole('heading', { name: 'All set' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to dashboard' }));
    await expect(skippedFinish).toHaveBeenCalled();
  },
};

export const OnboardingFieldError: Story = {
  args: { routePath: '/onboarding' },
  render: () => <Wizard initialStep={1} fieldErrors={{ segments: 'Pick at least one segment.' }} />,
};

/** On a phone two step labels wrap to two lines; the four step circles stay on one line all the same. */
export const OnboardingMobile: Story = {
  args: { routePath: '/onboarding' },
  globals: { viewport: { value: 'mobile' } },
  render: () => <Wizard initialStep={1} initial={priya} />,
  play: async ({ canvasElement }) => {
    const steps = within(within(canvasElement).getByRole('list', { name: 'Setup progress' })).getAllByRole('listitem');
    const circleTops = steps.map((step) => Math.round((step.firstElementChild as Element).getBoundingClientRect().top));
    await expect(new Set(circleTops).size).toBe(1);
  },
};

export const OnboardingSaving: Story = {
  args: { routePath: '/onboarding' },
  render: () => (
    <Wizard
      initialStep={3}
      status="saving"
      initial={{ fullName: 'Priya Sharma', segments: ['options'], broker: 'Zerodha', capital: '250000' }}
    />
  ),
};

export const OnboardingServiceError: Story = {
  args: { routePath: '/onboarding' },
  render: () => (
    <Wizard
      initialStep={2}
      serviceError="Could not save your settings. Check your connection and try again."
      initial={{ fullName: 'Priya Sharma', segments: ['options'], broker: 'Zerodha', capital: '250000' }}
    />
  ),
};

// Profile

const qrSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21" shape-rendering="crispEdges"><rect width="21" height="21" fill="#fff"/><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0z" fill="#000"/><path d="M1 1h5v5H1zM15 1h5v5h-5zM1 15h5v5H1z" fill="#fff"/><path d="M2 2h3v3H2zM16 2h3v3h-3zM2 16h3v3H2zM9 2h2v2H9zM8 8h5v5H8zM15 9h2v2h-2zM9 15h2v4H9zM14 14h5v2h-5zM17 17h2v2h-2z" fill="#000"/></svg>';

function Profile(props: Partial<ProfileScreenProps>) {
  return (
    <AppShell userName="Priya Sharma">
      <ProfileScreen email="priya@example.in" fullName="Priya Sharma" {...props} />
    </AppShell>
  );
}

const verifyTotp = fn();

const removeFactor = fn();

export const ProfileIdle: Story = {
  render: () => (
    <Profile
      factors={[{ id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Pixel 8 authenticator' }]}
      onRemoveFactor={removeFactor}
    />
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove Pixel 8 authenticator' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Pixel 8 authenticator?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect(removeFactor).toHaveBeenCalledWith('f1');
  },
};
export const ProfileNoFactors: Story = { render: () => <Profile /> };
export const ProfileFactorsLoading: Story = { render: () => <Profile factorsLoading /> };
export const ProfileSaving: Story = {
  render: () => <Profile name={{ status: 'submitting' }} password={{ status: 'submitting' }} />,
};
export const ProfileErrors: Story = {
  render: () => (
    <Profile
      name={{ fieldErrors: { fullName: 'Enter your name.' } }}
      password={{
        fieldErrors: { confirmPassword: 'The two passwords do not match.' },
        serviceError: 'New password should be different from the old password.',
      }}
      factorsError="Could not load your second factors."
    />
  ),
};
export const ProfileSaved: Story = {
  render: () => <Profile name={{ saved: 'Name saved.' }} password={{ saved: 'Password updated.' }} />,
};
export const TotpEnrolling: Story = {
  render: () => <Profile totp={{ status: 'enrolling', qrSvg, secret: 'JBSWY3DPEHPK3PXP' }} onVerifyTotp={verifyTotp} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'QR code to add Bahi to your authenticator app' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: '6-digit code' }), '123456{Enter}');
    await expect(verifyTotp).toHaveBeenCalledWith('123456');
  },
};
export const TotpCodeError: Story = {
  render: () => (
    <Profile
      totp={{
        status: 'enrolling',
        qrSvg,
        secret: 'JBSWY3DPEHPK3PXP',
        codeError: 'That code did not match. Codes change every 30 seconds; enter the current one.',
      }}
    />
  ),
};
export const TotpVerifying: Story = {
  render: () => <Profile totp={{ status: 'enrolling', qrSvg, secret: 'JBSWY3DPEHPK3PXP', verifying: true }} />,
};
export const ProfileDark: Story = {
  render: () => (
    <Profile
      factors={[
        { id: 'f1', factor_type: 'totp', status: 'verified', friendly_name: 'Pixel 8 authenticator' },
        { id: 'f2', factor_type: 'phone', status: 'unverified', phone: '+91 98xxxxxx21' },
      ]}
    />
  ),
  globals: { theme: 'dark' },
};

// Admin

const users: AdminUser[] = [
  {
    id: 'u1',
    email: 'priya@example.in',
    fullName: 'Priya Sharma',
    createdAt: '2026-01-04T05:30:00Z',
    lastSignInAt: '2026-11-20T03:45:00Z',
    roles: ['admin', 'free_user'],
  },
  {
    id: 'u2',
    email: 'rohan@example.in',
    fullName: 'Rohan Mehta',
    createdAt: '2026-03-18T10:00:00Z',
    lastSignInAt: '2026-11-19T09:10:00Z',
    roles: [],
  },
  {
    id: 'u3',
    email: 'ananya@example.in',
    fullName: 'Ananya Iyer',
    createdAt: '2026-11-20T16:00:00Z',
    roles: ['free_user'],
  },
];

const subscriptions: AdminSubscription[] = [
  {
    id: 's1',
    userEmail: 'rohan@example.in',
    status: 'active',
    createdAt: '2026-03-18T10:05:00Z',
    endDate: '2027-03-18T10:05:00Z',
    providerSubscriptionId: 'sub_Nx81kQ2pLm',
  },
  {
    id: 's2',
    userEmail: 'kabir@example.in',
    status: 'cancelled',
    createdAt: '2026-06-01T04:00:00Z',
    endDate: '2026-12-01T04:00:00Z',
    providerSubscriptionId: 'sub_Op22aa91Zt',
  },
];

function Admin(props: AdminScreenProps) {
  return (
    <AppShell userName="Priya Sharma" isAdmin>
      <AdminScreen {...props} />
    </AppShell>
  );
}

const addRole = fn();

export const AdminUsers: Story = {
  args: { routePath: '/admin' },
  render: () => <Admin users={users} subscriptions={subscriptions} onAddRole={addRole} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Grant free access: rohan@example.in' }));
    await expect(addRole).toHaveBeenCalledWith('u2', 'free_user');
    await userEvent.click(canvas.getByRole('button', { name: 'Make admin: rohan@example.in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make rohan@example.in an admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await expect(addRole).toHaveBeenCalledWith('u2', 'admin');
    await userEvent.click(canvas.getByRole('tab', { name: 'Subscriptions' }));
    await expect(await canvas.findByText('sub_Nx81kQ2pLm')).toBeVisible();
    // The story ends on the state its name says: the users.
    await userEvent.click(canvas.getByRole('tab', { name: 'Users' }));
    await expect(canvas.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  },
};
export const AdminSubscriptions: Story = {
  args: { routePath: '/admin' },
  render: () => <Admin users={users} subscriptions={subscriptions} defaultTab="subscriptions" />,
};
export const AdminLoading: Story = { args: { routePath: '/admin' }, render: () => <Admin loading /> };
export const AdminEmpty: Story = { args: { routePath: '/admin' }, render: () => <Admin /> };
export const AdminRoleSetupFailed: Story = {
  args: { routePath: '/admin' },
  render: () => <Admin users={users} error={MESSAGES.adminSetupFailed} />,
};

export const AdminUsersDark: Story = {
  args: { routePath: '/admin' },
  render: () => <Admin users={users} subscriptions={subscriptions} />,
  globals: { theme: 'dark' },
};
export const OnboardingDark: Story = { ...OnboardingFieldError, globals: { theme: 'dark' } };
