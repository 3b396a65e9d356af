import { MESSAGES } from '@bahi/auth-machine';
import { formatINR, PLANS } from '@bahi/billing';
import { Compass, Lock, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CenteredPage } from '../../components/brand';
import { buttonVariants } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Spinner } from '../../components/spinner';

/** Shown while the session, roles and subscription are being checked. */
export function VerifyingAccess() {
  return (
    <div
      data-slot="verifying-access"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner size="lg" label={null} className="text-primary" />
      <p role="status" className="font-medium">
        {MESSAGES.verifyingAccess}
      </p>
    </div>
  );
}

export interface SecureContentProps {
  loginTo?: string;
  signupTo?: string;
}

/** A protected page with no user: the spec's 'Secure Content' panel with Login and Sign Up links. */
export function SecureContent({ loginTo = '/login', signupTo = '/signup' }: SecureContentProps) {
  return (
    <CenteredPage>
      <Card>
        <CardHeader className="justify-items-center text-center">
          <div
            aria-hidden="true"
            className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
          >
            <Lock className="size-6" />
          </div>
          <CardTitle asChild>
            <h1 className="text-xl">{MESSAGES.secureContentTitle}</h1>
          </CardTitle>
          <CardDescription>{MESSAGES.secureContentBody}</CardDescription>
        </CardHeader>
        <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-center">
          <Link to={loginTo} className={buttonVariants({ className: 'w-full sm:w-auto' })}>
            Login
          </Link>
          <Link to={signupTo} className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}>
            Sign Up
          </Link>
        </CardFooter>
      </Card>
    </CenteredPage>
  );
}

/** A signed-in user without a subscription, free access or admin role. */
export function SubscriptionRequired({ subscriptionTo = '/subscription' }: { subscriptionTo?: string }) {
  return (
    <CenteredPage>
      <Card>
        <CardHeader className="justify-items-center text-center">
          <div
            aria-hidden="true"
            className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
          >
            <Sparkles className="size-6" />
          </div>
          <CardTitle asChild>
            <h1 className="text-xl">{MESSAGES.subscriptionRequired}</h1>
          </CardTitle>
          <CardDescription>
            Plans start at {formatINR(PLANS.monthly.amount)} a month, or {formatINR(PLANS.yearly.amount)} a year (
            {PLANS.yearly.description}). Your trades and notes stay exactly where you left them.
          </CardDescription>
        </CardHeader>
        <CardContent />
        <CardFooter className="justify-center">
          <Link to={subscriptionTo} className={buttonVariants()}>
            See plans
          </Link>
        </CardFooter>
      </Card>
    </CenteredPage>
  );
}

/** Any path the router does not know. */
export function NotFound({ homeTo = '/' }: { homeTo?: string }) {
  return (
    <CenteredPage>
      <Card>
        <CardHeader className="justify-items-center text-center">
          <div
            aria-hidden="true"
            className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
          >
            <Compass className="size-6" />
          </div>
          <p className="font-semibold text-muted-foreground text-sm">404</p>
          <CardTitle asChild>
            <h1 className="text-xl">Page not found</h1>
          </CardTitle>
          <CardDescription>
            This page does not exist or has moved. Check the address, or head back to your journal.
          </CardDescription>
        </CardHeader>
        <CardFooter className="justify-center gap-2">
          <Link to={homeTo} className={buttonVariants()}>
            Go to home
          </Link>
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            Open dashboard
          </Link>
        </CardFooter>
      </Card>
    </CenteredPage>
  );
}
