import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { type CancelEvent, cancelErrorMessage, cancelMachine, createCancelMachine } from './cancel-machine.ts';
import { messages } from './messages.ts';
import { type BillingSession, type CancelledSubscription, PaymentsError, type PaymentsPort } from './ports.ts';

const session: BillingSession = { accessToken: 'token-1', user: { id: 'user-1' } };

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('cancelErrorMessage', () => {
  it.each<[unknown, string]>([
    [new PaymentsError('session-not-found', 'no session'), messages.sessionNotFound],
    [new PaymentsError('session-invalid', 'Invalid JWT', 401), messages.sessionInvalid],
    [new PaymentsError('rejected', 'Not your subscription', 403), messages.cancelFailed],
    [new PaymentsError('provider', 'Internal error', 500), messages.cancelFailed],
    [new PaymentsError('network', 'offline'), messages.cancelFailed],
    [new Error('boom'), messages.cancelFailed],
  ])('%s → %s', (error, message) => {
    expect(cancelErrorMessage(error)).toBe(message);
  });
});

describe('cancel machine paths (xstate/graph)', () => {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  const until = '2027-01-15T00:00:00.000Z';
  const eventsByState: Record<string, AnyEventObject[]> = {
    idle: [{ type: 'CANCEL' }, { type: 'CANCEL', subscriptionId: 'order_X' }],
    checkingSession: [
      done('getSession', session),
      done('getSession', null),
      fail('getSession', new PaymentsError('session-invalid', 'bad', 401)),
    ],
    cancelling: [
      done('cancelSubscription', { endDate: until, cancelledAt: '2026-11-21T10:00:00.000Z' }),
      fail('cancelSubscription', new PaymentsError('session-invalid', 'Invalid JWT', 401)),
      fail('cancelSubscription', new PaymentsError('provider', 'Internal error', 500)),
    ],
    failed: [{ type: 'RESET' }],
  };
  const paths = getSimplePaths(cancelMachine, {
    input: {},
    events: (snapshot) => (eventsByState[String(snapshot.value)] ?? []) as CancelEvent[],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.message]),
  });

  it('reaches every outcome', () => {
    const ends = new Set(paths.map((p) => JSON.stringify([p.state.value, p.state.context.message])));
    for (const end of [
      ['cancelled', null],
      ['failed', messages.sessionNotFound],
      ['failed', messages.sessionInvalid],
      ['failed', messages.cancelFailed],
    ])
      expect(ends).toContain(JSON.stringify(end));
  });

  it.each(paths.map((path) => [path.steps.map((s) => s.event.type).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      const pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
      const waitFor = <T>(id: string) =>
        new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
      const actor = createActor(
        cancelMachine.provide({
          actors: {
            getSession: fromPromise(() => waitFor<BillingSession | null>('getSession')),
            cancelSubscription: fromPromise(() => waitFor<CancelledSubscription>('cancelSubscription')),
          },
        }),
        { input: {} },
      ).start();
      for (const step of path.steps.slice(1)) {
        const event = step.event as AnyEventObject;
        const d = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
        const e = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
        if (d?.[1]) pending.get(d[1])?.resolve(event.output);
        else if (e?.[1]) pending.get(e[1])?.reject(event.error);
        else actor.send(event as CancelEvent);
        await flush();
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        expect(actor.getSnapshot().context.message).toBe(step.state.context.message);
        expect(actor.getSnapshot().context.accessUntil).toBe(step.state.context.accessUntil);
        expect(actor.getSnapshot().context.cancelledAt).toBe(step.state.context.cancelledAt);
      }
      actor.stop();
    },
  );
});

function fakePayments(overrides: Partial<PaymentsPort> = {}): PaymentsPort {
  return {
    getSession: vi.fn(async () => session),
    createOrder: vi.fn(),
    verifyPayment: vi.fn(),
    cancelSubscription: vi.fn(async () => ({
      endDate: '2027-01-15T00:00:00.000Z',
      cancelledAt: '2026-11-21T10:00:00.000Z',
    })),
    ...overrides,
  };
}

describe('cancel flow with the payments port', () => {
  it('cancels the given subscription and keeps access until the paid end_date', async () => {
    const payments = fakePayments();
    const onCancelled = vi.fn();
    const actor = createActor(createCancelMachine({ payments, onCancelled }), {
      input: { subscriptionId: 'order_A1' },
    }).start();
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(payments.cancelSubscription).toHaveBeenCalledWith({ subscriptionId: 'order_A1' }, session);
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.accessUntil).toBe('2027-01-15T00:00:00.000Z');
    expect(actor.getSnapshot().context.cancelledAt).toBe('2026-11-21T10:00:00.000Z');
    expect(onCancelled).toHaveBeenCalledWith({
      accessUntil: '2027-01-15T00:00:00.000Z',
      cancelledAt: '2026-11-21T10:00:00.000Z',
    });
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(payments.cancelSubscription).toHaveBeenCalledTimes(1);
  });

  it('lets the CANCEL event name the subscription, or leaves it to the server', async () => {
    const payments = fakePayments();
    const a = createActor(createCancelMachine({ payments }), { input: {} }).start();
    a.send({ type: 'CANCEL', subscriptionId: 'order_B2' });
    await flush();
    expect(payments.cancelSubscription).toHaveBeenLastCalledWith({ subscriptionId: 'order_B2' }, session);
    const b = createActor(createCancelMachine({ payments }), { input: {} }).start();
    b.send({ type: 'CANCEL' });
    await flush();
    expect(payments.cancelSubscription).toHaveBeenLastCalledWith({}, session);
  });

  it("shows 'Failed to cancel subscription. Please try again later or contact support.' and can retry", async () => {
    let attempts = 0;
    const payments = fakePayments({
      cancelSubscription: async () => {
        attempts++;
        if (attempts === 1) throw new PaymentsError('provider', 'Internal error', 500);
        return { endDate: '2027-01-15T00:00:00.000Z' };
      },
    });
    const notify = vi.fn();
    const actor = createActor(createCancelMachine({ payments, notify }), { input: {} }).start();
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe(
      'Failed to cancel subscription. Please try again later or contact support.',
    );
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      message: 'Failed to cancel subscription. Please try again later or contact support.',
    });
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it.each<[string, Partial<PaymentsPort>, string]>([
    ['no session', { getSession: async () => null }, 'Authentication session not found. Please log in again.'],
    [
      'a rejected session',
      {
        cancelSubscription: async () => {
          throw new PaymentsError('session-invalid', 'Invalid JWT', 401);
        },
      },
      'Authentication session invalid. Please log in again.',
    ],
  ])('fails on %s', async (_name, overrides, message) => {
    const actor = createActor(createCancelMachine({ payments: fakePayments(overrides) }), { input: {} }).start();
    actor.send({ type: 'CANCEL' });
    await flush();
    expect(actor.getSnapshot().context.message).toBe(message);
  });
});
