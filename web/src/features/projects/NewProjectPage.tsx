import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, fieldError } from '../../api/client.ts';
import { sessionKeys } from '../../api/session.ts';
import { AuthShell } from '../../components/AuthShell.tsx';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/Field.tsx';
import { FormError } from '../../components/States.tsx';
import { KeysOnce } from './KeysOnce.tsx';

/** Creates a project and shows its secret key once (it is stored only as a hash). */
export function NewProjectPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => api.post('/users/@me/projects', { body: { name } }),
    meta: { invalidates: [sessionKeys.projects], errorShownInline: true },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  if (create.data) {
    const project = create.data;
    return (
      <AuthShell title={`${project.name} is ready`} subtitle="Copy your secret key now: it is shown only this once.">
        <KeysOnce secretKey={project.secretKey} publicKey={project.publicKey} />
        <Button className="mt-5 w-full" onClick={() => navigate(`/p/${project.id}`)}>
          Continue to the project
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Create a project"
      subtitle="A project holds contacts, templates, campaigns and keys for one product or brand."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormError error={create.error && !fieldError(create.error, 'name') ? create.error : null} />
        <TextInput
          label="Project name"
          required
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError(create.error, 'name')}
        />
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" loading={create.isPending}>
            Create project
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
