import DataMapper
import DataMapperTestSupport
import DataMapperYAML
import Foundation
import Testing

/// The realistic configs in `Examples/`, read and checked value by value.
@Suite struct YAMLExampleTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    static func load(_ name: String) throws -> Data {
        try Data(contentsOf: examples.appendingPathComponent(name))
    }

    @Test("the CI workflow reads with its types, block scalars and key order")
    func ciWorkflow() throws {
        let workflow = try YAMLSerializer().deserialize(Self.load("ci-workflow.yaml"))
        guard case .dictionary(let top) = workflow.kind else { Issue.record("not a mapping"); return }
        #expect(top.keys == ["name", "on", "permissions", "env", "concurrency", "jobs"])
        #expect(workflow["on"]?["push"]?["branches"] == ["main", "release/**"])
        #expect(workflow["on"]?["pull_request"]?["paths-ignore"] == ["docs/**", "*.md"])
        #expect(workflow["on"]?["schedule"]?[0]?["cron"] == "30 4 * * 1")
        #expect(workflow["env"] == ["SWIFT_VERSION": "6.3", "CI": true, "RETRIES": 3])
        #expect(workflow["concurrency"]?["group"] == "ci-${{ github.ref }}")

        let test = try #require(workflow["jobs"]?["test"])
        #expect(test["timeout-minutes"] == 30)
        #expect(test["timeout-minutes"]?.position == .text(line: 30, column: 22))
        #expect(test["strategy"]?["fail-fast"] == false)
        #expect(test["strategy"]?["matrix"]?["os"] == ["ubuntu-24.04", "macos-15"])
        #expect(test["strategy"]?["matrix"]?["exclude"] == [["os": "macos-15", "configuration": "debug"]])
        let steps = try #require(test["steps"]?.array)
        #expect(steps.count == 4)
        #expect(steps[0] == ["uses": "actions/checkout@v4", "with": ["fetch-depth": 0]])
        #expect(steps[1]["if"] == "runner.os == 'Linux'")
        #expect(steps[1]["run"] == "sudo apt-get update\nsudo apt-get install -y libyaml-dev libxml2-dev\n")
        #expect(steps[2]["run"] == "swift build -c ${{ matrix.configuration }} -Xswiftc -warnings-as-errors")
        #expect(steps[3]["run"] == "swift test --parallel --configuration ${{ matrix.configuration }}\n")
        #expect(workflow["jobs"]?["lint"]?["needs"] == "test")
    }

    @Test("the Kubernetes manifest reads as two documents, keeping quoted numbers strings")
    func kubernetesManifest() throws {
        let documents = try YAMLSerializer().deserializeAll(Self.load("kubernetes-deployment.yaml"))
        #expect(documents.count == 2)
        let deployment = documents[0]
        let service = documents[1]
        #expect(deployment["kind"] == "Deployment")
        #expect(deployment["metadata"]?["labels"]?["app.kubernetes.io/version"] == "2.4.1")
        #expect(deployment["metadata"]?["annotations"]?["deployment.kubernetes.io/revision"] == "17")
        #expect(deployment["spec"]?["replicas"] == 3)
        #expect(deployment["spec"]?["replicas"]?.position == .text(line: 14, column: 13))
        #expect(deployment["spec"]?["strategy"]?["rollingUpdate"] == ["maxSurge": "25%", "maxUnavailable": 0])
        let container = try #require(deployment["spec"]?["template"]?["spec"]?["containers"]?[0])
        #expect(container["args"] == ["--port", "8080", "--log-format=json"])
        #expect(container["ports"]?[0]?["containerPort"] == 8080)
        #expect(container["env"]?[0]?["valueFrom"]?["secretKeyRef"] == ["name": "shop-db", "key": "url"])
        #expect(container["env"]?[2] == ["name": "CACHE_TTL_SECONDS", "value": "300"])
        #expect(container["resources"] == ["requests": ["cpu": "250m", "memory": "256Mi"], "limits": ["cpu": "1", "memory": "512Mi"]])
        #expect(deployment["spec"]?["template"]?["spec"]?["securityContext"]?["runAsNonRoot"] == true)
        #expect(service["kind"] == "Service")
        #expect(service["spec"]?["ports"] == [["name": "http", "port": 80, "targetPort": "http"]])
        #expect(service.position.line == 65)
        let error = try expectError(line: 64, column: 1) { try YAMLSerializer().deserialize(Self.load("kubernetes-deployment.yaml")) }
        #expect(error.message.contains("deserializeAll(_:)"))
    }

    @Test("the compose file resolves its anchors and merge keys")
    func composeFile() throws {
        let compose = try YAMLSerializer().deserialize(Self.load("compose.yaml"))
        let services = try #require(compose["services"])
        let logging: SupportedType = ["driver": "json-file", "options": ["max-size": "10m", "max-file": "3"]]

        #expect(services["web"] == [
            "restart": "unless-stopped", "logging": logging, "networks": ["frontend", "backend"],
            "image": "nginx:1.27-alpine", "ports": ["80:80", "443:443"], "depends_on": ["api"],
        ])
        guard case .dictionary(let web)? = services["web"]?.kind else { Issue.record("not a mapping"); return }
        #expect(web.keys == ["restart", "logging", "image", "ports", "depends_on", "networks"])

        #expect(services["api"]?["environment"] == [
            "DATABASE_URL": "postgres://shop@db:5432/shop", "LOG_LEVEL": "info", "WORKERS": 4, "DEBUG": "false",
        ])
        #expect(services["api"]?["healthcheck"] == [
            "interval": "30s", "timeout": "5s", "retries": 5,
            "test": ["CMD", "curl", "-f", "http://localhost:8080/healthz"],
        ])
        #expect(services["api"]?["healthcheck"]?["retries"]?.position == .text(line: 39, column: 16))

        let db = try #require(services["db"])
        #expect(db["restart"] == "always")
        #expect(db["stop_grace_period"] == "1m")
        #expect(db["networks"] == ["backend"])
        #expect(db["logging"] == logging)
        #expect(db["healthcheck"]?["retries"] == 3)
        #expect(compose["volumes"] == ["db-data": nil])
        #expect(compose["networks"] == ["frontend": [:], "backend": [:]])
    }

    @Test("every example survives writing and reading again, in block and flow style", arguments: [
        "ci-workflow.yaml", "kubernetes-deployment.yaml", "compose.yaml",
    ])
    func roundTrip(name: String) throws {
        let documents = try YAMLSerializer().deserializeAll(Self.load(name))
        for style in YAMLSerializer.Options.OutputStyle.allCases {
            let yaml = YAMLSerializer(options: .init(outputStyle: style))
            #expect(try yaml.deserializeAll(yaml.serializeAll(documents)) == documents)
        }
    }
}
