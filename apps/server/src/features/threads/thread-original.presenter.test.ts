import { describe, expect, it } from 'vitest';
import { absoluteMediaUrls } from '../../platform/http/original-clients.js';
import { originalPostHtml, originalPosts, originalThreads } from './thread-original.presenter.js';

const ORIGIN = 'https://bbs.example.com';

describe('threads as the original clients read them', () => {
  it('writes topics and mentions as the original spans, and makes picture sources absolute', () => {
    const ours =
      '<p>看 <a class="topic" href="/topic/7" rel="nofollow ugc noopener" target="_blank">#旅行#</a> 和 ' +
      '<span data-type="mention" data-id="12" class="mention">@ann</span> ' +
      '<img class="emoji" src="/emoji/qq/smile.svg" alt=":smile:"> <img src="https://cdn.example/a.png"></p>';
    expect(originalPostHtml(ours, ORIGIN)).toBe(
      '<p>看 <span id="topic" value="7">#旅行#</span> 和 <span id="member" value="12">@ann</span> ' +
        `<img class="emoji" src="${ORIGIN}/emoji/qq/smile.svg" alt=":smile:"> <img src="https://cdn.example/a.png"></p>`,
    );
  });

  it('gives image and file blocks their uploads as the body; other blocks stay', () => {
    const image = { id: 1, url: '/api/v3/attachments/u1', width: 600, height: 300 };
    const page = {
      pageData: [
        {
          threadId: 3,
          content: {
            text: '<p>x</p>',
            indexes: {
              101: { tomId: 101, body: { imageIds: [1], images: [image] } },
              108: { tomId: '108', body: { docIds: [] } },
              109: { tomId: 109, body: { voteTitle: 'v' } },
            },
          },
        },
      ],
    };
    const out = originalThreads(structuredClone(page), ORIGIN).pageData[0]!.content.indexes;
    expect(out[101].body).toEqual([{ ...image, fileWidth: 600, fileHeight: 300 }]);
    expect(out[108].body).toEqual([]);
    expect(out[109].body).toEqual({ voteTitle: 'v' });
  });

  it('reshapes replies and their last comments', () => {
    const link = '<a class="topic" href="/topic/2">#x#</a>';
    const out = originalPosts(
      { pageData: [{ content: link, lastThreeComments: [{ content: link }] }] },
      ORIGIN,
    );
    expect(out.pageData[0]!.content).toBe('<span id="topic" value="2">#x#</span>');
    expect(out.pageData[0]!.lastThreeComments[0]!.content).toBe('<span id="topic" value="2">#x#</span>');
  });

  it('makes server-relative media URLs absolute, leaving links, absolute and protocol-relative URLs', () => {
    const reply = {
      avatar: '/api/v3/users/avatar/1.png',
      user: { avatarUrl: '', backgroundUrl: '//cdn.example/b.png' },
      images: [{ thumbUrl: '/api/v3/attachments/u?thumb=1', url: 'https://cdn.example/u' }],
      setSite: { siteLogo: '/storage/logo.png' },
      link: '/thread/1',
    };
    expect(absoluteMediaUrls(reply, ORIGIN)).toEqual({
      avatar: `${ORIGIN}/api/v3/users/avatar/1.png`,
      user: { avatarUrl: '', backgroundUrl: '//cdn.example/b.png' },
      images: [{ thumbUrl: `${ORIGIN}/api/v3/attachments/u?thumb=1`, url: 'https://cdn.example/u' }],
      setSite: { siteLogo: `${ORIGIN}/storage/logo.png` },
      link: '/thread/1',
    });
  });
});
