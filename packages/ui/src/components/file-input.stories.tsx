import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileUp, ImagePlus } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Field } from './field';
import { FileInput } from './file-input';

const meta = {
  title: 'Components/FileInput',
  component: FileInput,
  tags: ['autodocs'],
} satisfies Meta<typeof FileInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const SCREENSHOT_HELP = 'PNG, JPEG, WebP or GIF up to 10 MB each.';
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

const picked = fn();
/** Picked with the browser's file dialog: the Field names the control and the chosen names show beside the button. */
export const Pick: Story = {
  render: () => (
    <Field label="Screenshots" help={SCREENSHOT_HELP} className="max-w-md">
      <FileInput multiple accept="image/png,image/jpeg,image/webp,image/gif" onFiles={picked} />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files chosen')).toBeVisible();
    await expect(canvas.queryByText('No file chosen', { exact: false })).toBeNull();
    await userEvent.tab();
    const input = canvas.getByLabelText('Screenshots');
    await expect(input).toHaveFocus();
    await expect(input).toHaveAccessibleDescription(SCREENSHOT_HELP);
    const files = [png('entry.png'), png('exit.png')];
    await userEvent.upload(input, files);
    await expect(picked).toHaveBeenCalledWith(files);
    await expect(canvas.getByText('entry.png, exit.png')).toBeVisible();
    await expect(input).toHaveAccessibleDescription(`${SCREENSHOT_HELP} entry.png, exit.png`);
  },
};

const dropped = fn();
/** A drop area for a step about one file: dropping takes the first file; the button's text names the control. */
export const Drop: Story = {
  render: () => (
    <FileInput
      dropzone
      icon={<FileUp />}
      description="Console → Reports → Tradebook (CSV or XLSX)."
      accept=".csv,.xlsx"
      placeholder="or drop it here. It is read in your browser."
      onFiles={dropped}
      className="max-w-md"
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Choose a file');
    await expect(input).toHaveAttribute('type', 'file');
    const tradebook = new File(['symbol,isin\n'], 'tradebook.csv', { type: 'text/csv' });
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(tradebook);
    dataTransfer.items.add(new File(['x'], 'second.csv', { type: 'text/csv' }));
    const drag = (type: string) =>
      input.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
    drag('dragover');
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="file-input"]')).toHaveAttribute('data-dragging', 'true'),
    );
    drag('drop');
    await expect(dropped).toHaveBeenCalledWith([tradebook]);
    await expect(await canvas.findByText('tradebook.csv')).toBeVisible();
  },
};

export const Disabled: Story = {
  render: () => (
    <Field label="Screenshots" help={SCREENSHOT_HELP} className="max-w-md">
      <FileInput multiple disabled />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Screenshots')).toBeDisabled();
  },
};

export const ErrorState: Story = {
  render: () => (
    <Field label="Screenshots" error="notes.pdf is not a PNG, JPEG, WebP or GIF image." className="max-w-md">
      <FileInput multiple />
    </Field>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Screenshots');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('notes.pdf is not a PNG, JPEG, WebP or GIF image.');
  },
};

function Catalog() {
  return (
    <div className="grid max-w-xl gap-6">
      <Field label="Screenshots" help={SCREENSHOT_HELP}>
        <FileInput multiple />
      </Field>
      <Field label="Screenshots (filled)" help={SCREENSHOT_HELP}>
        <FileInput multiple files={[{ name: 'reliance-15m.png' }, { name: 'banknifty-expiry.jpg' }]} />
      </Field>
      <Field label="Screenshots (disabled)">
        <FileInput multiple disabled />
      </Field>
      <Field label="Screenshots (error)" error="big.jpg is 12.0 MB; images can be up to 10 MB.">
        <FileInput multiple files={[{ name: 'big.jpg' }]} />
      </Field>
      <FileInput
        dropzone
        icon={<ImagePlus />}
        description="Chart screenshots, PNG, JPEG, WebP or GIF."
        placeholder="or drop them here."
        buttonLabel="Choose images"
        multiple
      />
      <FileInput
        dropzone
        icon={<FileUp />}
        description="Console → Reports → Tradebook (CSV or XLSX)."
        files={[{ name: 'tradebook-2026.csv' }]}
      />
      <FileInput dropzone icon={<FileUp />} description="A tradebook (CSV or XLSX)." disabled />
    </div>
  );
}

/** Default, filled, disabled and error, inline and as a drop area. */
export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
