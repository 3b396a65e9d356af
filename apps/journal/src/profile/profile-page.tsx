import { useSession } from '@bahi/auth-machine/react';
import { DEFAULT_STATE, INDIAN_STATES } from '@bahi/trading';
import { type BrokerChargesValues, type MfaFactor, ProfileScreen, type TotpState, toast } from '@bahi/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type BrokerChargesErrors,
  brokerChargesPayload,
  brokerChargesValues,
  DEFAULT_BROKER_CHARGES,
  isoDay,
} from '../data/broker-profile';
import { brokerProfileKey, saveBrokerProfile, useBrokerProfile } from '../data/broker-profile-data';
import { queryKeys } from '../data/queries';
import { supabase } from '../data/supabase';
import { useRebuildJournal } from '../import/rebuild-journal';
import { appConfig } from '../shared/config';

type Form = { status?: 'idle' | 'submitting'; serviceError?: string; saved?: string };

/** supabase-js hands the server's QR SVG back as a data URL; the screen wants the SVG itself. */
export function svgFromQrCode(qrCode: string): string {
  const comma = qrCode.indexOf(',');
  return qrCode.startsWith('data:') && comma > 0 ? decodeURIComponent(qrCode.slice(comma + 1)) : qrCode;
}

export default function ProfilePage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [name, setName] = useState<Form>({});
  const [password, setPassword] = useState<Form & { fieldErrors?: { confirmPassword?: string } }>({});
  const [totp, setTotp] = useState<TotpState & { factorId?: string }>({ status: 'idle' });
  const brokerProfile = useBrokerProfile(user?.id);
  // Edits are kept apart from the saved row, so the card shows the row until the user types.
  const [brokerDraft, setBrokerDraft] = useState<BrokerChargesValues>();
  const [broker, setBroker] = useState<Form & { fieldErrors?: BrokerChargesErrors }>({});
  const rebuildJournal = useRebuildJournal(user?.id);

  const saveBroker = async (values: BrokerChargesValues) => {
    const payload = brokerChargesPayload(values);
    if (!payload.ok) {
      setBroker({ fieldErrors: payload.errors });
      return;
    }
    setBroker({ status: 'submitting' });
    try {
      await saveBrokerProfile(brokerProfile.data?.id ?? null, payload.row);
      await queryClient.invalidateQueries({ queryKey: brokerProfileKey(user?.id) });
      setBrokerDraft(undefined);
      setBroker({
        saved:
          'Broker charges saved. New estimates use them; rebuild your journal below to re-charge the trades you have.',
      });
    } catch (error) {
      setBroker({ serviceError: error instanceof Error ? error.message : String(error) });
    }
  };

  const factors = useQuery({
    queryKey: queryKeys.factors(user?.id),
    enabled: Boolean(user),
    queryFn: async (): Promise<MfaFactor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data.all.map((f) => ({
        id: f.id,
        factor_type: f.factor_type === 'phone' ? 'phone' : 'totp',
        status: f.status === 'verified' ? 'verified' : 'unverified',
        friendly_name: f.friendly_name,
      }));
    },
  });
  const refreshFactors = () => queryClient.invalidateQueries({ queryKey: queryKeys.factors(user?.id) });

  const saveName = async ({ fullName }: { fullName: string }) => {
    setName({ status: 'submitting' });
    const { error } = await supabase.auth.updateUser({ data: { full_name: fullName.trim() } });
    setName(error ? { serviceError: error.message } : { saved: 'Name saved.' });
  };

  const changePassword = async (values: { password: string; confirmPassword: string }) => {
    if (values.password !== values.confirmPassword) {
      setPassword({ fieldErrors: { confirmPassword: 'The two passwords do not match.' } });
      return;
    }
    setPassword({ status: 'submitting' });
    const { error } = await supabase.auth.updateUser({ password: values.password });
    setPassword(error ? { serviceError: error.message } : { saved: 'Password changed.' });
  };

  const startTotp = async () => {
    setTotp({ status: 'starting' });
    // An earlier enrolment left unverified would block a new one with the same name: remove it first.
    for (const f of factors.data ?? []) {
      if (f.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: f.id });
    }
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: `Authenticator ${new Date().toISOString().slice(0, 10)}`,
      issuer: appConfig.productName,
    });
    if (error) {
      toast.error(error.message);
      setTotp({ status: 'idle' });
      return;
    }
    setTotp({
      status: 'enrolling',
      qrSvg: svgFromQrCode(data.totp.qr_code),
      secret: data.totp.secret,
      factorId: data.id,
    });
  };

  const verifyTotp = async (code: string) => {
    if (totp.status !== 'enrolling' || !totp.factorId) return;
    setTotp({ ...totp, verifying: true, codeError: undefined });
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: totp.factorId, code: code.trim() });
    if (error) {
      setTotp({ ...totp, verifying: false, codeError: error.message });
      return;
    }
    setTotp({ status: 'idle' });
    toast.success('Two-step verification is on.');
    void refreshFactors();
  };

  const cancelTotp = async () => {
    if (totp.status === 'enrolling' && totp.factorId) await supabase.auth.mfa.unenroll({ factorId: totp.factorId });
    setTotp({ status: 'idle' });
    void refreshFactors();
  };

  const removeFactor = async (factorId: string) => {
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) toast.error(error.message);
    void refreshFactors();
  };

  const fullName = user?.user_metadata.full_name;
  return (
    <ProfileScreen
      email={user?.email ?? ''}
      fullName={typeof fullName === 'string' ? fullName : ''}
      name={name}
      password={password}
      totp={totp}
      factors={factors.data}
      factorsLoading={factors.isPending}
      factorsError={factors.error?.message}
      onSaveName={(v) => void saveName(v)}
      onChangePassword={(v) => void changePassword(v)}
      onStartTotp={() => void startTotp()}
      onVerifyTotp={(code) => void verifyTotp(code)}
      onCancelTotp={() => void cancelTotp()}
      onRemoveFactor={(id) => void removeFactor(id)}
      rebuildJournal={rebuildJournal}
      brokerCharges={{
        values: brokerDraft ?? brokerChargesValues(brokerProfile.data ?? null),
        status: brokerProfile.isPending ? 'loading' : broker.status === 'submitting' ? 'saving' : 'idle',
        fieldErrors: broker.fieldErrors,
        serviceError: broker.serviceError ?? brokerProfile.error?.message,
        saved: broker.saved,
        onChange: (values) => {
          setBrokerDraft(values);
          setBroker({});
        },
        onSubmit: (values) => void saveBroker(values),
        states: [...INDIAN_STATES],
        defaultStateName: INDIAN_STATES.find((state) => state.code === DEFAULT_STATE)?.name ?? DEFAULT_STATE,
        dpChargeFrom: brokerProfile.data?.dp_charge_from ? isoDay(brokerProfile.data.dp_charge_from) : undefined,
        onUseDiscountSchedule: () =>
          setBrokerDraft({
            ...DEFAULT_BROKER_CHARGES,
            broker: (brokerDraft ?? brokerChargesValues(brokerProfile.data ?? null)).broker,
          }),
      }}
    />
  );
}
