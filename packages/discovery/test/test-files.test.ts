/** The test files a fix leaves alone by default: the usual names of each language's test runner. */
import { describe, expect, it } from 'vitest';
import { isTestFile } from '../src/test-files.js';

describe('the default test files', () => {
  it("know Python's, Go's and RSpec's names, not only JavaScript's (DefectDojo's unittests/)", () => {
    for (const path of [
      'unittests/scans/snyk/single_project_upgrade_libs.json',
      'unittests/scans/gcloud_artifact_scan/artifact-analysis-occurrences-sample.json',
      'unittests/test_jira_webhook.py',
      'dojo/tools/x_test.py',
      'internal/bgp/frr/config_test.go',
      'spec/models/user_spec.rb',
      'lib/user_spec.rb',
      'test/a.js',
      'src/a.test.ts',
    ]) expect(isTestFile(path), path).toBe(true);
    for (const path of ['dojo/settings/settings.dist.py', 'dojo/templates/base.html', 'internal/bgp/frr/config.go', 'app/models/user.rb', 'docs/testing.md']) expect(isTestFile(path), path).toBe(false);
  });
});
