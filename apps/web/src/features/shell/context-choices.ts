import {
  plantForSelection,
  type GroupEntry,
  type GroupOption,
  type OrgNode,
  type UserContext,
  type UserGroupsResponse,
} from '@p2p/domain';

/**
 * What each choice of the group drawer sends as the working context. One choice at a time: a choice
 * replaces the whole context, so the header never mixes a new group with an old location.
 */

export const CLEARED_CONTEXT: UserContext = {
  active: null,
  group: null,
  plant: null,
  location: null,
  workgroup: null,
};

/** A company without children is its own plant, else its first child is (seed 000 section 4). */
export function contextForNode(node: OrgNode): UserContext | null {
  const plant = plantForSelection(node);
  if (!plant) return null;
  return { ...CLEARED_CONTEXT, active: 'organization', group: plant.group._id, plant: plant.key };
}

/** 'Created by me' clears the group (seed 000 section 4); the other options travel as their key. */
export const contextForOption = (option: GroupOption): UserContext => ({
  ...CLEARED_CONTEXT,
  active: 'group',
  group: option.key === 'created-by-me' ? null : option.key,
});

export const contextForGroup = (group: GroupEntry): UserContext => ({
  ...CLEARED_CONTEXT,
  active: 'group',
  group: group._id,
});

export const contextForLocation = (location: GroupEntry): UserContext => ({
  ...CLEARED_CONTEXT,
  location: location._id,
});

export const contextForWorkgroup = (workgroup: GroupEntry): UserContext => ({
  ...CLEARED_CONTEXT,
  workgroup: workgroup._id,
});

/**
 * Whether the user's own group entries are listed. The server builds the options with the domain's
 * groupListOptions, whose ltd rule removes 'Contracts managed by me' exactly when it hides the group
 * entries (seed 000 section 6), so the options tell.
 */
export const showsGroupEntries = (answer: Pick<UserGroupsResponse, 'options'>): boolean =>
  answer.options.some((option) => option.key === 'contracts-managed');
