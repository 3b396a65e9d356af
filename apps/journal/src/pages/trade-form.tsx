import { AreaPage } from '@bahi/ui';
import { useParams } from 'react-router-dom';

export default function TradeFormPage() {
  const { id } = useParams();
  return (
    <AreaPage
      title={id ? 'Edit trade' : 'Add trade'}
      description={id ? 'Change the details of this trade.' : 'Log a trade by hand.'}
      status="empty"
      empty={{
        icon: <span aria-hidden="true">✎</span>,
        title: 'Trade entry is on its way',
        description: 'Until then, import your tradebook from the Trades page.',
      }}
    />
  );
}
