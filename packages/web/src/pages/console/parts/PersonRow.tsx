/** A row of a console search list (a user, a group): avatar, name, a line of facts and the state badges. */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../ui/Avatar';

interface PersonRowProps {
  to: string;
  image: string;
  name: string;
  line: ReactNode;
  flags: ReactNode;
  testId: string;
}

export function PersonRow({ to, image, name, line, flags, testId }: PersonRowProps) {
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className="console-row console-row--person"
        onClick={() => void navigate(to)}
        data-testid={testId}
      >
        <Avatar src={image} name={name} size={40} />
        <span className="console-person__text">
          <span className="console-person__name" dir="auto">
            {name}
          </span>
          <span className="console-muted">{line}</span>
        </span>
        {flags}
      </button>
    </li>
  );
}
