import type { Page, UserSearchItem } from '@forum/contracts';
import type { Db } from '../../platform/db/db.js';
import { highlight } from '../search/index.js';
import type { GroupsService } from '../groups/index.js';
import { presentUserSearchItem } from './users.presenter.js';
import { searchUsers, type UserSearchTerms } from './users-search.repository.js';

/** User search (`users.list`): the caller checks `user.view` first. */
export class UsersSearchService {
  constructor(
    private readonly db: Db,
    private readonly groups: GroupsService,
  ) {}

  /** One page of public user cards, with the matched parts of the names marked. */
  async list(terms: UserSearchTerms, page: number, perPage: number): Promise<Page<UserSearchItem>> {
    const { rows, total } = await searchUsers(this.db, terms, page, perPage);
    const words = [terms.keyword, terms.nickname, terms.username].filter((w): w is string => !!w);
    const nicknameWords = [terms.keyword, terms.nickname].filter((w): w is string => !!w);
    const usernameWords = [terms.keyword, terms.username].filter((w): w is string => !!w);
    return {
      pageData: rows.map(({ user, groupId }) =>
        presentUserSearchItem(
          user,
          this.groups.group(groupId ?? 0),
          words.length
            ? {
                nickname: highlight(user.nickname, nicknameWords),
                username: highlight(user.username, usernameWords),
              }
            : undefined,
        ),
      ),
      currentPage: page,
      perPage,
      totalCount: total,
      totalPage: Math.ceil(total / perPage),
    };
  }
}
