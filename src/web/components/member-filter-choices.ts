// The member-list filters' choices (directory, User Management): 'all' stands for no filter.
import { ORGANIZATION_ROLES, PERMISSION_ROLES, roleLabel } from '@common/permissions';
import type { Choices } from './ui/choice-select';

export const ALL = 'all';

export const ROLE_FILTER: Choices = [
  [ALL, 'All roles'],
  ...PERMISSION_ROLES.map((r) => [r, roleLabel(r)] as const),
];

export const ORGANIZATION_ROLE_FILTER: Choices = [
  [ALL, 'All organization roles'],
  ...ORGANIZATION_ROLES.map((r) => [r, r] as const),
];

export const STATUS_FILTER: Choices = [
  [ALL, 'All statuses'],
  ['active', 'Active'],
  ['pending_approval', 'Pending Approval'],
  ['disabled', 'Disabled'],
];

/** A filter's value in a select (empty: 'all') and back. */
export const shownChoice = (value: string) => value || ALL;
export const chosenValue = (value: string) => (value === ALL ? '' : value);
