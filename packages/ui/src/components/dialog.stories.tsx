import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
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
} from './alert-dialog';
import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import { Field } from './field';
import { Input } from './input';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function AddFundsDialog({ defaultOpen }: { defaultOpen?: boolean }) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>
        <Button>Add funds entry</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add funds entry</DialogTitle>
          <DialogDescription>Record a deposit to or withdrawal from your trading account.</DialogDescription>
        </DialogHeader>
        <Field label="Amount (₹)">
          <Input inputMode="decimal" placeholder="25,000" />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save entry</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export const DialogKeyboard: Story = {
  render: () => <AddFundsDialog />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add funds entry' });
    await expect(dialog).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount (₹)' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('button', { name: 'Add funds entry' })).toHaveFocus();
  },
};

export const DialogOpen: Story = { render: () => <AddFundsDialog defaultOpen /> };
export const DialogOpenDark: Story = { render: () => <AddFundsDialog defaultOpen />, globals: { theme: 'dark' } };

const onDelete = fn();

function DeleteTrade() {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete trade</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this trade?</AlertDialogTitle>
          <AlertDialogDescription>
            RELIANCE, 5 Jan: its notes, screenshots and tags go too. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep trade</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onDelete}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export const AlertDialogConfirm: Story = {
  render: () => <DeleteTrade />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete trade' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this trade?' });
    // Focus starts on the safe choice.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep trade' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(onDelete).toHaveBeenCalled();
  },
};
