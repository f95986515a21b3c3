import { initials } from '@web/lib/format';
import { Avatar } from './ui/avatar';

interface PersonAvatarProps {
  person: {
    profilePicture: string | null;
    firstName: string | null;
    lastName: string | null;
    username: string;
  };
  /** Empty when the name is written beside the picture. */
  alt?: string;
  className?: string;
}

/** A person's picture, or their initials when they have none. */
export function PersonAvatar({ person, alt = '', className }: PersonAvatarProps) {
  return (
    <Avatar
      src={person.profilePicture}
      alt={alt}
      fallback={initials(person.firstName, person.lastName, person.username)}
      className={className}
    />
  );
}
