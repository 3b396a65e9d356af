import { AreaPage } from '@bahi/ui';
import { useParams } from 'react-router-dom';

export default function PlaybookFormPage() {
  const { id } = useParams();
  return (
    <AreaPage
      title={id ? 'Edit playbook' : 'New playbook'}
      description="Write down a setup and the rules that make it yours."
      status="empty"
      empty={{
        icon: <span aria-hidden="true">✎</span>,
        title: 'The playbook editor is on its way',
        description: 'Your playbooks will appear on the Playbooks page.',
      }}
    />
  );
}
