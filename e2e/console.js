// What the console journeys (admin-*.test.js) share, built on lib.js: a user search, and the history the console gives
// a customer when a journey plays it through the admin API.
import assert from 'node:assert/strict';
import { BASE_URL } from './lib.js';

/** Types into the Users list's search and waits for the filter to reach the URL. */
export async function searchUsers(page, text) {
  await page.getByPlaceholder('Search by e-mail or name').fill(text);
  await page.waitForURL(/filter=/);
  // The list keeps showing the rows it had until the filtered answer comes; a dialog opened from such a row belongs to a
  // component the answer may replace. Wait until every row shown (each, in the table or the phone's list, has its
  // "View <e-mail>" button) is one the search finds.
  await page.waitForFunction((wanted) => {
    const views = [...document.querySelectorAll('[aria-label^="View "]')].map((view) => view.getAttribute('aria-label'));
    return views.length > 0 && views.every((label) => label.includes(wanted));
  }, text);
}

/**
 * What admin-users.test.js does to its customer in the console, played through the admin API with `request` (a super
 * admin's session) for a journey that needs its audit entries: blocked and unblocked, granted Premium, an hourly quota
 * of 1 negotiated and the plan's put back.
 */
export async function playConsoleHistory(request, userId) {
  const steps = [
    ['post', 'block'],
    ['post', 'unblock'],
    ['post', 'plan', { plan: 'premium' }],
    ['put', 'limits', { hourlyQuota: 1 }],
    ['put', 'limits', { hourlyQuota: null }],
  ];
  for (const [method, action, data] of steps) {
    const res = await request[method](`/api/admin/users/${userId}/${action}`, { data, headers: { Origin: BASE_URL } });
    assert.equal(res.status(), 200, `${action}: ${await res.text()}`);
  }
}
