import { Compass, Lock, Sparkles, WifiOff } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router-dom';
import { CenteredPage } from '../../components/brand';
import { Button, buttonVariants } from '../../components/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { UI_MESSAGES } from '../../lib/messages';
import { formatPrice, type PlanCatalog } from '../../lib/plans';

/** Shown while the session, roles and subscription are being checked. */
export function VerifyingAccess() {
  return (
    <AccessPanel
      icon={<Spinner size="lg" label={null} className="text-primary" />}
      title={UI_MESSAGES.verifyingAccess}
      titleRole="status"
      description="Checking your sign-in and subscription."
    />
  );
}

/** The card every access screen shares: an icon, a heading, what it means, and where to go. */
function AccessPanel({
  icon,
  eyebrow,
  title,
  description,
  actions,
  actionsClassName = 'justify-center gap-2',
  titleRole,
}: {
  icon: React.ReactNode;
  eyebrow?: string;
  title: string;
  description: React.ReactNode;
  /** Where to go from here; none while the state is passing (Verifying access). */
  actions?: React.ReactNode;
  actionsClassName?: string;
  /** `status`: the title is a live status, not a heading (a state that passes by itself). */
  titleRole?: 'status';
}) {
  return (
    <CenteredPage>
      <Card>
        <CardHeader className="justify-items-center text-center">
          <div
            aria-hidden="true"
            className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6"
          >
            {icon}
          </div>
          {eyebrow ? <p className="font-semibold text-muted-foreground text-sm">{eyebrow}</p> : null}
          <CardTitle asChild>
            {titleRole ? (
              <p role={titleRole} className="text-xl">
                {title}
              </p>
            ) : (
              <h1 className="text-xl">{title}</h1>
            )}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {actions ? <CardFooter className={actionsClassName}>{actions}</CardFooter> : null}
      </Card>
    </CenteredPage>
  );
}

export interface SecureContentProps {
  /** Where the Login link goes. */
  loginTo?: string;
  /** Where the Sign Up link goes. */
  signupTo?: string;
}

/** A protected page with no user: the spec's 'Secure Content' panel with Login and Sign Up links. */
export function SecureContent({ loginTo = '/login', signupTo = '/signup' }: SecureContentProps) {
  return (
    <AccessPanel
      icon={<Lock />}
      title={UI_MESSAGES.secureContentTitle}
      description={UI_MESSAGES.secureContentBody}
      actionsClassName="flex-col gap-2 sm:flex-row sm:justify-center"
      actions={
        <>
          <Link to={loginTo} className={buttonVariants({ className: 'w-full sm:w-auto' })}>
            Login
          </Link>
          <Link to={signupTo} className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-auto' })}>
            Sign Up
          </Link>
        </>
      }
    />
  );
}

/** A signed-in user without a subscription, free access or admin role. */
export function SubscriptionRequired({
  plans,
  subscriptionTo = '/subscription',
}: {
  /** The plans on sale: billing's `PLANS`. */
  plans: PlanCatalog;
  subscriptionTo?: string;
}) {
  return (
    <AccessPanel
      icon={<Sparkles />}
      title={UI_MESSAGES.subscriptionRequired}
      description={
        <>
          Plans start at {formatPrice(plans.monthly.amount)} a month, or {formatPrice(plans.yearly.amount)} a year (
          {plans.yearly.description}). Your trades and notes stay exactly where you left them.
        </>
      }
      actions={
        <Link to={subscriptionTo} className={buttonVariants()}>
          See plans
        </Link>
      }
    />
  );
}

export interface AccessUnavailableProps {
  /** Why the check could not finish: auth-machine's `MESSAGES.accessCheckUnavailable`. */
  message: string;
  /** Runs the access check again. */
  onRetry?: () => void;
}

/**
 * The access checks kept failing after their retries (the network is down, the service answers 5xx): the user is
 * neither let in nor sent to the plans without a word, and can check again.
 */
export function AccessUnavailable({ message, onRetry }: AccessUnavailableProps) {
  return (
    <AccessPanel
      icon={<WifiOff />}
      title="Access check failed"
      description={<span role="alert">{message}</span>}
      actions={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}

/** Any path the router does not know. */
export function NotFound({ homeTo = '/' }: { homeTo?: string }) {
  return (
    <AccessPanel
      icon={<Compass />}
      eyebrow="404"
      title="Page not found"
      description="This page does not exist or has moved. Check the address, or head back to your journal."
      actions={
        <>
          <Link to={homeTo} className={buttonVariants()}>
            Go to home
          </Link>
          <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            Open dashboard
          </Link>
        </>
      }
    />
  );
}
