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

  it("know the JVM's and .NET's: Gradle's and Kotlin Multiplatform's test source sets, JUnit's, xUnit's and PHPUnit's test classes (okhttp's src/jvmTest/)", () => {
    for (const path of [
      'okhttp/src/jvmTest/kotlin/okhttp3/HttpUrlJvmTest.kt',
      'okhttp/src/commonTest/kotlin/okhttp3/HttpUrlTest.kt',
      'android-test-app/src/androidTest/kotlin/okhttp/android/testapp/IdnaTest.kt',
      'src/integrationTest/java/a/ClientIT.java',
      'lib/src/a/HttpUrlTest.java',
      'lib/src/a/HttpUrlTests.java',
      'lib/src/a/ParserTestCase.java',
      'src/NSwag.Core.Tests/JsonSchemaTests.cs',
      'src/Flurl.Http.UnitTests/UrlBuilderTest.cs',
      'lib/Uri/HttpTest.php',
      'lib/uri_test.rb',
      'lib/test_uri.rb',
    ]) expect(isTestFile(path), path).toBe(true);
    for (const path of ['okhttp/src/commonJvmAndroid/kotlin/okhttp3/HttpUrl.kt', 'src/main/java/a/Latest.java', 'contest/Entry.kt', 'lib/TestUtils.java', 'src/NSwag.Core/JsonSchema.cs', 'src/Uri/Http.php']) expect(isTestFile(path), path).toBe(false);
  });
});
