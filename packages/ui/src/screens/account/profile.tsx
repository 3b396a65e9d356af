import { KeyRound, ShieldCheck, Smartphone, Trash2 } from 'lucide-react';
import { Alert } from '../../components/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/alert-dialog';
import { Badge } from '../../components/badge';
import { Button, IconButton } from '../../components/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { Skeleton } from '../../components/skeleton';
import { ValuesForm } from '../auth/auth-form';
import { BrokerChargesCard, type BrokerChargesCardProps } from './broker-charges';
import { RebuildJournalCard, type RebuildJournalCardProps } from './rebuild-journal';

export interface MfaFactor {
  id: string;
  factor_type: 'totp' | 'phone';
  status: 'verified' | 'unverified';
  friendly_name?: string;
  phone?: string;
}

interface FormState<F extends string = string> {
  status?: 'idle' | 'submitting';
  fieldErrors?: Partial<Record<F, string>>;
  serviceError?: string;
  /** Confirmation after a successful save. */
  saved?: string;
}

export type TotpState =
  | { status: 'idle' }
  | { status: 'starting' }
  | {
      status: 'enrolling';
      /** SVG markup of the QR code, as the auth server returns it. */
      qrSvg: string;
      /** The same secret as text, for entering by hand. */
      secret: string;
      verifying?: boolean;
      codeError?: string;
    };

export interface ProfileScreenProps {
  /** The account's email (read only). */
  email: string;
  /** The name as saved. */
  fullName: string;
  /** The name form's state: saving, errors, saved. */
  name?: FormState<'fullName'>;
  /** The password form's state: saving, errors, saved. */
  password?: FormState<'password' | 'confirmPassword'>;
  /** Adding an authenticator app, step by step. */
  totp?: TotpState;
  /** Two-factor methods already set up. */
  factors?: MfaFactor[];
  /** The methods are loading. */
  factorsLoading?: boolean;
  /** Why the methods could not be loaded. */
  factorsError?: string;
  /** Saves the name. */
  onSaveName?: (values: { fullName: string }) => void;
  /** Changes the password. */
  onChangePassword?: (values: { password: string; confirmPassword: string }) => void;
  /** Starts adding an authenticator app (shows its QR code). */
  onStartTotp?: () => void;
  /** Checks the app's 6-digit code to finish adding it. */
  onVerifyTotp?: (code: string) => void;
  /** Stops adding the app. */
  onCancelTotp?: () => void;
  /** Removes a two-factor method, by id. */
  onRemoveFactor?: (id: string) => void;
  /** The default broker profile's brokerage; the card shows when given. */
  brokerCharges?: BrokerChargesCardProps;
  /** Rebuilding the journal under today's rules; the card shows when given. */
  rebuildJournal?: RebuildJournalCardProps;
}

function QrImage({ svg }: { svg: string }) {
  // Rendered as an image, never injected as markup: the SVG comes from the network.
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to add Bahi to your authenticator app"
      width={176}
      height={176}
      className="rounded-md border bg-white p-2"
    />
  );
}

function FactorList({
  factors,
  loading,
  error,
  onRemove,
}: {
  factors: MfaFactor[];
  loading?: boolean;
  error?: string;
  onRemove?: (id: string) => void;
}) {
  if (loading) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (error) return <Alert variant="error" title={error} />;
  if (factors.length === 0) {
    return (
      <EmptyState
        headingLevel="h3"
        icon={<ShieldCheck />}
        title="No second factor yet"
        description="Add an authenticator app so a stolen password alone cannot open your journal."
        className="py-6"
      />
    );
  }
  return (
    <ul className="grid gap-2">
      {factors.map((f) => {
        const name = f.friendly_name ?? (f.factor_type === 'totp' ? 'Authenticator app' : `Phone ${f.phone ?? ''}`);
        return (
          <li key={f.id} className="flex items-center gap-3 rounded-lg border p-3">
            {f.factor_type === 'totp' ? (
              <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
            ) : (
              <Smartphone className="size-5 text-muted-foreground" aria-hidden="true" />
            )}
            <div className="grid flex-1">
              <span className="font-medium text-sm">{name}</span>
              <span className="text-muted-foreground text-xs">
                {f.factor_type === 'totp' ? 'Authenticator app (TOTP)' : `SMS to ${f.phone ?? 'phone'}`}
              </span>
            </div>
            <Badge variant={f.status === 'verified' ? 'success' : 'warning'}>
              {f.status === 'verified' ? 'Verified' : 'Not verified'}
            </Badge>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <IconButton label={`Remove ${name}`} icon={<Trash2 />} size="sm" />
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Remove {name}?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Logging in will no longer ask for a code from it. If it is your only second factor, your account is
                    protected by your password alone.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction variant="destructive" onClick={() => onRemove?.(f.id)}>
                    Remove
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </li>
        );
      })}
    </ul>
  );
}

/** /profile: name, password change, two-factor enrolment and the factor list. */
export function ProfileScreen({
  email,
  fullName,
  name = {},
  password = {},
  totp = { status: 'idle' },
  factors = [],
  factorsLoading,
  factorsError,
  onSaveName,
  onChangePassword,
  onStartTotp,
  onVerifyTotp,
  onCancelTotp,
  onRemoveFactor,
  brokerCharges,
  rebuildJournal,
}: ProfileScreenProps) {
  const savingName = name.status === 'submitting';
  const savingPassword = password.status === 'submitting';
  return (
    <div data-slot="profile-screen" className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Profile</h1>
        <p className="text-muted-foreground">Signed in as {email}</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Your name</h2>
          </CardTitle>
          <CardDescription>Shown on your dashboard and exported reports.</CardDescription>
        </CardHeader>
        <ValuesForm fields={['fullName'] as const} onValues={onSaveName} className="grid gap-6">
          <CardContent className="grid gap-4">
            {name.serviceError ? <Alert variant="error" title={name.serviceError} /> : null}
            {name.saved ? <Alert variant="success" title={name.saved} /> : null}
            <Field label="Full name" error={name.fieldErrors?.fullName}>
              <Input name="fullName" autoComplete="name" defaultValue={fullName} disabled={savingName} />
            </Field>
          </CardContent>
          <CardFooter>
            <Button type="submit" loading={savingName}>
              {savingName ? 'Saving…' : 'Save name'}
            </Button>
          </CardFooter>
        </ValuesForm>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Change password</h2>
          </CardTitle>
          <CardDescription>Other devices stay signed in until their session ends.</CardDescription>
        </CardHeader>
        <ValuesForm
          fields={['password', 'confirmPassword'] as const}
          onValues={onChangePassword}
          className="grid gap-6"
        >
          <CardContent className="grid gap-4">
            {password.serviceError ? <Alert variant="error" title={password.serviceError} /> : null}
            {password.saved ? <Alert variant="success" title={password.saved} /> : null}
            <Field label="New password" error={password.fieldErrors?.password}>
              <Input name="password" type="password" autoComplete="new-password" disabled={savingPassword} />
            </Field>
            <Field label="Confirm new password" error={password.fieldErrors?.confirmPassword}>
              <Input name="confirmPassword" type="password" autoComplete="new-password" disabled={savingPassword} />
            </Field>
          </CardContent>
          <CardFooter>
            <Button type="submit" loading={savingPassword}>
              {savingPassword ? 'Updating…' : 'Update password'}
            </Button>
          </CardFooter>
        </ValuesForm>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Two-factor authentication</h2>
          </CardTitle>
          <CardDescription>Ask for a 6-digit code from your authenticator app when you log in.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {totp.status === 'enrolling' ? (
            <ValuesForm
              fields={['code'] as const}
              onValues={(values) => onVerifyTotp?.(values.code)}
              className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[auto_1fr]"
            >
              <QrImage svg={totp.qrSvg} />
              <div className="grid content-start gap-3">
                <p className="text-sm">
                  Scan the code with Google Authenticator, Microsoft Authenticator or 1Password, then enter the 6-digit
                  code it shows.
                </p>
                <p className="text-muted-foreground text-xs">
                  Can't scan? Enter this key: <code className="break-all font-mono text-foreground">{totp.secret}</code>
                </p>
                <Field label="6-digit code" error={totp.codeError}>
                  <Input
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    pattern="[0-9]{6}"
                    className="max-w-40 font-mono tracking-widest"
                    disabled={totp.verifying}
                  />
                </Field>
                <div className="flex gap-2">
                  <Button type="submit" loading={totp.verifying}>
                    {totp.verifying ? 'Verifying…' : 'Verify and turn on'}
                  </Button>
                  <Button type="button" variant="ghost" onClick={onCancelTotp} disabled={totp.verifying}>
                    Cancel
                  </Button>
                </div>
              </div>
            </ValuesForm>
          ) : (
            <div>
              <Button variant="outline" loading={totp.status === 'starting'} onClick={onStartTotp}>
                {totp.status === 'starting' ? 'Preparing…' : 'Add authenticator app'}
              </Button>
            </div>
          )}
          <section aria-label="Your second factors" className="grid gap-2">
            <h3 className="font-medium text-sm">Your second factors</h3>
            <FactorList factors={factors} loading={factorsLoading} error={factorsError} onRemove={onRemoveFactor} />
          </section>
        </CardContent>
      </Card>

      {brokerCharges ? <BrokerChargesCard {...brokerCharges} /> : null}
      {rebuildJournal ? <RebuildJournalCard {...rebuildJournal} /> : null}
    </div>
  );
}
