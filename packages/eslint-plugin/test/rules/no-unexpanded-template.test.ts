import rule from '../../src/rules/no-unexpanded-template.js';
import { at } from '../support/columns.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

/** The report of `{name}` in `component`: core's message and code. */
const unexpanded = (expression: string) =>
  ({
    messageId: 'unexpanded',
    data: {
      message: `"${expression}" is an RFC 6570 template expression, but nothing expands it before the request: it is sent as "${expression.replace('{', '%7B').replace('}', '%7D')}". Put the value in (a template literal, or a URI-template library).`,
      code: 'template-unexpanded',
    },
  }) as const;

const fetchUser = 'fetch("https://api.example.com/users/{userId}/repos")';
const axiosQuery = "import axios from 'axios';\naxios.get('/search{?q,page}');";
const constant = 'const path = "/orders/{orderId}";\nfetch(path);';
const jsx = '<a href="/users/{id}">Profile</a>';

ruleTester.run('no-unexpanded-template', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    // Templates kept as constants, expanded later: RFC 6570 as it is meant.
    'const USER_REPOS = "https://api.example.com/users/{userId}/repos";',
    'const url = expand("https://api.example.com/users/{userId}", { userId });\nfetch(url);',
    'octokit.request("GET /repos/{owner}/{repo}", { owner, repo })',
    // Expanded with JavaScript's own template literal.
    'fetch(`https://api.example.com/users/${userId}/repos`)',
    'fetch("https://api.example.com/users/" + userId + "/repos")',
    // Another language's tags are that language's holes.
    'fetch("{{ base_url }}/users")',
    // No template expression at all.
    'fetch("https://api.example.com/users/me")',
  ],
  invalid: [
    { code: fetchUser, errors: [{ ...unexpanded('{userId}'), line: 1, ...at(fetchUser, '{userId}') }] },
    { code: axiosQuery, errors: [{ ...unexpanded('{?q,page}'), line: 2, ...at(axiosQuery.split('\n')[1]!, '{?q,page}') }] },
    // A const followed into the sink goes to the request as it is written.
    { code: constant, errors: [{ ...unexpanded('{orderId}'), line: 1, ...at(constant, '{orderId}') }] },
    { code: jsx, errors: [{ ...unexpanded('{id}'), ...at(jsx, '{id}') }] },
    {
      // One report per expression, each at its characters.
      code: 'new URL("https://api.example.com/{org}/teams/{team}")',
      errors: [
        { ...unexpanded('{org}'), ...at('new URL("https://api.example.com/{org}/teams/{team}")', '{org}') },
        { ...unexpanded('{team}'), ...at('new URL("https://api.example.com/{org}/teams/{team}")', '{team}') },
      ],
    },
  ],
});
