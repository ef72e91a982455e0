import { Avatar } from '@radix-ui/themes';
import type { User } from '../api/types';
import { avatarInitials } from '../lib/user';

export function UserAvatar({ user, size = '2' }: { user: User | null; size?: '2' | '3' | '5' | '6' }) {
  return <Avatar size={size} radius="full" fallback={avatarInitials(user)} variant="solid" color="indigo" aria-hidden="true" />;
}
