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
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/tabs';
import { formatDate } from '../../lib/dates';

export type Role = 'admin' | 'free_user';

export interface AdminUser {
  id: string;
  email: string;
  fullName?: string;
  createdAt: string;
  lastSignInAt?: string;
  roles: Role[];
}

export interface AdminSubscription {
  id: string;
  userEmail: string;
  status: string;
  createdAt: string;
  endDate: string;
  providerSubscriptionId?: string;
}

export interface AdminScreenProps {
  /** Every account, for the Users tab. */
  users?: AdminUser[];
  /** Every subscription, for the Subscriptions tab. */
  subscriptions?: AdminSubscription[];
  /** Placeholder rows while the lists load. */
  loading?: boolean;
  /** Why the lists could not be loaded (or a role could not be set), shown above them. */
  error?: string;
  /** User id whose role change is in flight. */
  pendingUserId?: string;
  /** Gives a user a role (admin or free access). */
  onAddRole?: (userId: string, role: Role) => void;
  /** The tab shown first. */
  defaultTab?: 'users' | 'subscriptions';
}

const roleLabel: Record<Role, string> = { admin: 'Admin', free_user: 'Free access' };

/** /admin: users with their roles (grant free access or admin), and subscriptions. */
export function AdminScreen({
  users = [],
  subscriptions = [],
  loading = false,
  error,
  pendingUserId,
  onAddRole,
  defaultTab = 'users',
}: AdminScreenProps) {
  const userColumns: DataTableColumn<AdminUser>[] = [
    {
      id: 'email',
      header: 'User',
      sortValue: (u) => u.email,
      cell: (u) => (
        <span className="grid">
          <span className="font-medium">{u.fullName ?? '—'}</span>
          <span className="text-muted-foreground text-xs">{u.email}</span>
        </span>
      ),
    },
    { id: 'created', header: 'Joined', sortValue: (u) => u.createdAt, cell: (u) => formatDate(u.createdAt) },
    {
      id: 'lastSignIn',
      header: 'Last sign-in',
      sortValue: (u) => u.lastSignInAt ?? '',
      cell: (u) => (u.lastSignInAt ? formatDate(u.lastSignInAt) : 'Never'),
    },
    {
      id: 'roles',
      header: 'Roles',
      cell: (u) =>
        u.roles.length ? (
          <span className="flex flex-wrap gap-1">
            {u.roles.map((r) => (
              <Badge key={r} variant={r === 'admin' ? 'default' : 'secondary'}>
                {roleLabel[r]}
              </Badge>
            ))}
          </span>
        ) : (
          <span className="text-muted-foreground">Subscriber</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (u) => (
        // Wraps under each other rather than widening the table.
        <span className="flex flex-wrap gap-2">
          {(['free_user', 'admin'] as const)
            .filter((r) => !u.roles.includes(r))
            .map((r) => {
              const label = r === 'admin' ? 'Make admin' : 'Grant free access';
              const button = (
                <Button
                  key={r}
                  size="sm"
                  variant="outline"
                  disabled={pendingUserId === u.id}
                  aria-label={`${label}: ${u.email}`}
                  onClick={r === 'free_user' ? () => onAddRole?.(u.id, r) : undefined}
                >
                  {label}
                </Button>
              );
              if (r === 'free_user') return button;
              // Admin is the most powerful role: confirm before granting it.
              return (
                <AlertDialog key={r}>
                  <AlertDialogTrigger asChild>{button}</AlertDialogTrigger>
                  <AlertDialogContent>
                    <AlertDialogHeader>
                      <AlertDialogTitle>Make {u.email} an admin?</AlertDialogTitle>
                      <AlertDialogDescription>
                        Admins see every account and can grant roles and free access. Only do this for people who run
                        Bahi.
                      </AlertDialogDescription>
                    </AlertDialogHeader>
                    <AlertDialogFooter>
                      <AlertDialogCancel>Cancel</AlertDialogCancel>
                      <AlertDialogAction onClick={() => onAddRole?.(u.id, r)}>Make admin</AlertDialogAction>
                    </AlertDialogFooter>
                  </AlertDialogContent>
                </AlertDialog>
              );
            })}
        </span>
      ),
    },
  ];

  const subscriptionColumns: DataTableColumn<AdminSubscription>[] = [
    { id: 'user', header: 'User', sortValue: (s) => s.userEmail, cell: (s) => s.userEmail },
    {
      id: 'status',
      header: 'Status',
      sortValue: (s) => s.status,
      cell: (s) => <Badge variant={s.status === 'active' ? 'success' : 'outline'}>{s.status}</Badge>,
    },
    { id: 'created', header: 'Started', sortValue: (s) => s.createdAt, cell: (s) => formatDate(s.createdAt) },
    { id: 'end', header: 'Ends', sortValue: (s) => s.endDate, cell: (s) => formatDate(s.endDate) },
    {
      id: 'provider',
      header: 'Razorpay id',
      cell: (s) => <code className="font-mono text-xs">{s.providerSubscriptionId ?? '—'}</code>,
    },
  ];

  return (
    // One column that never grows past the page: the tables scroll inside their own containers.
    <div data-slot="admin-screen" className="grid grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h1 className="font-bold text-2xl">Admin</h1>
        <p className="text-muted-foreground">Roles, free access and subscriptions for every account.</p>
      </header>
      {error ? <Alert variant="error" title={error} /> : null}
      <Tabs defaultValue={defaultTab}>
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <DataTable
            caption="Users"
            captionHidden
            columns={userColumns}
            rows={users}
            rowKey={(u) => u.id}
            loading={loading}
            empty="No users yet."
            defaultSort={{ column: 'created', direction: 'desc' }}
          />
        </TabsContent>
        <TabsContent value="subscriptions">
          <DataTable
            caption="Subscriptions"
            captionHidden
            columns={subscriptionColumns}
            rows={subscriptions}
            rowKey={(s) => s.id}
            loading={loading}
            empty="No subscriptions yet."
            defaultSort={{ column: 'end', direction: 'asc' }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
