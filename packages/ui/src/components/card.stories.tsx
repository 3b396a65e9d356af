import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge';
import { Button } from './button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
import { Money } from './money';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

function Catalog() {
  return (
    <div className="grid max-w-3xl gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>NIFTY 24500 CE</h2>
          </CardTitle>
          <CardDescription>Options · 2 lots · 9 Jan, 10:22</CardDescription>
          <CardAction>
            <Badge variant="profit">Win</Badge>
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <span>
            Net P&amp;L <Money value={4875.5} signed />
          </span>
          <span className="text-muted-foreground">Playbook: Opening range breakout</span>
        </CardContent>
        <CardFooter>
          <Button size="sm" variant="outline">
            Open trade
          </Button>
        </CardFooter>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>BANKNIFTY FUT</h2>
          </CardTitle>
          <CardDescription>Futures · 1 lot · 9 Jan, 14:05</CardDescription>
          <CardAction>
            <Badge variant="loss">Loss</Badge>
          </CardAction>
        </CardHeader>
        <CardContent className="text-sm">
          Net P&amp;L <Money value={-2310} signed />
        </CardContent>
      </Card>
    </div>
  );
}

export const AllStates: Story = { render: () => <Catalog /> };
export const AllStatesDark: Story = { render: () => <Catalog />, globals: { theme: 'dark' } };
