import { useAdminBootstrap, useSession } from '@bahi/auth-machine/react';
import {
  AdminScreen,
  type AdminSubscription,
  type AdminUser,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  type Role,
  toast,
} from '@bahi/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../data/queries';
import { supabase } from '../data/supabase';

interface UserRow {
  id: string;
  email: string;
  full_name: string | null;
  created_at: string;
  last_sign_in_at: string | null;
  roles: string[];
}

interface SubscriptionRow {
  id: string;
  email: string | null;
  status: string;
  created_at: string;
  end_date: string;
  provider_subscription_id: string | null;
}

const isRole = (r: string): r is Role => r === 'admin' || r === 'free_user';
const ROLE_LABEL: Record<Role, string> = { admin: 'admin', free_user: 'free access' };

/** The server refuses the admin RPCs to anyone but an admin (42501); say so in words. */
function adminError(error: { code?: string; message: string } | null): string | undefined {
  if (!error) return undefined;
  return error.code === '42501' ? 'Only admins can see this page.' : error.message;
}

export default function AdminPage() {
  const { user } = useSession();
  const bootstrap = useAdminBootstrap();
  const queryClient = useQueryClient();
  const settled = bootstrap.status !== 'working';

  // The bootstrap admin's roles arrive on first load: read the lists (and the admin flag) again once they have.
  useEffect(() => {
    if (bootstrap.status === 'granted') void queryClient.invalidateQueries();
  }, [bootstrap.status, queryClient]);

  const users = useQuery({
    queryKey: queryKeys.adminUsers,
    enabled: settled && Boolean(user),
    retry: false,
    queryFn: async (): Promise<AdminUser[]> => {
      const { data, error } = await supabase.rpc('admin_list_users');
      if (error) throw Object.assign(new Error(adminError(error)), { code: error.code });
      return (data as UserRow[]).map((u) => ({
        id: u.id,
        email: u.email,
        fullName: u.full_name ?? undefined,
        createdAt: u.created_at,
        lastSignInAt: u.last_sign_in_at ?? undefined,
        roles: u.roles.filter(isRole),
      }));
    },
  });
  const subscriptions = useQuery({
    queryKey: queryKeys.adminSubscriptions,
    enabled: users.isSuccess,
    retry: false,
    queryFn: async (): Promise<AdminSubscription[]> => {
      const { data, error } = await supabase.rpc('admin_list_subscriptions');
      if (error) throw new Error(adminError(error));
      return (data as SubscriptionRow[]).map((s) => ({
        id: s.id,
        userEmail: s.email ?? '—',
        status: s.status,
        createdAt: s.created_at,
        endDate: s.end_date,
        providerSubscriptionId: s.provider_subscription_id ?? undefined,
      }));
    },
  });

  const changeRole = useMutation({
    mutationFn: async ({ userId, role, grant }: { userId: string; role: Role; grant: boolean }) => {
      const { error } = await supabase.rpc(grant ? 'add_role_to_user' : 'remove_role_from_user', {
        target_user_id: userId,
        role_name: role,
      });
      if (error) throw new Error(adminError(error));
    },
    onSuccess: (_data, { role, grant }) => toast.success(`${grant ? 'Granted' : 'Revoked'} ${ROLE_LABEL[role]}.`),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  const pendingUserId = changeRole.isPending ? changeRole.variables.userId : undefined;
  const withRoles = (users.data ?? []).filter((u) => u.roles.length > 0);

  return (
    <div className="grid gap-6">
      {bootstrap.status === 'failed' ? (
        <div>
          <Button onClick={bootstrap.retry}>Set up admin privileges again</Button>
        </div>
      ) : null}
      <AdminScreen
        users={users.data}
        subscriptions={subscriptions.data}
        loading={!settled || users.isPending}
        error={bootstrap.error ?? users.error?.message ?? subscriptions.error?.message}
        pendingUserId={pendingUserId}
        onAddRole={(userId, role) => changeRole.mutate({ userId, role, grant: true })}
      />
      {withRoles.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Revoke roles</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {withRoles.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm">{u.email}</span>
                  <span className="flex gap-2">
                    {u.roles.map((role) => (
                      <Button
                        key={role}
                        size="sm"
                        variant="outline"
                        disabled={pendingUserId === u.id}
                        onClick={() => changeRole.mutate({ userId: u.id, role, grant: false })}
                      >
                        Revoke {ROLE_LABEL[role]} from {u.email}
                      </Button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
