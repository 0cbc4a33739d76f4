import DataMapper

/// A Kubernetes-like manifest of our own: Deployments, Services and ConfigMaps in
/// turn, as a YAML stream written by hand and, beside it, the values that text means.
///
/// The two are written independently (the text as a person would type it, the values
/// as literals), so a test that reads the text can compare with `values`.
struct KubernetesManifest {
    let yaml: String
    let values: [SupportedType]

    init(documents count: Int) {
        var texts: [String] = []
        var values: [SupportedType] = []
        for index in 0..<count {
            let (text, value) = switch index % 3 {
            case 0: Self.deployment(index)
            case 1: Self.service(index)
            default: Self.configMap(index)
            }
            texts.append(text)
            values.append(value)
        }
        yaml = "# a manifest of \(count) documents\n---\n" + texts.joined(separator: "---\n")
        self.values = values
    }

    static func deployment(_ index: Int) -> (String, SupportedType) {
        let text = """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: app-\(index)
              labels:
                app.kubernetes.io/name: app-\(index)
                tier: "backend"
            spec:
              replicas: \(index % 4 + 1)
              paused: false
              revisionHistoryLimit: null
              template:
                spec:
                  containers:
                    - name: web
                      image: "registry.example/app:1.\(index)"
                      args: ["--port", "80", '--verbose']
                      ports:
                        - containerPort: \(8000 + index)
                          protocol: TCP
                      env:
                        - name: DEBUG
                          value: "true"
                        - name: RATIO
                          value: "0.5"
                      resources:
                        limits: {cpu: 500m, memory: 128Mi}
                        share: 0.25

            """
        let value: SupportedType = [
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "metadata": ["name": .string("app-\(index)"), "labels": ["app.kubernetes.io/name": .string("app-\(index)"), "tier": "backend"]],
            "spec": [
                "replicas": .int(index % 4 + 1),
                "paused": false,
                "revisionHistoryLimit": nil,
                "template": ["spec": ["containers": [[
                    "name": "web",
                    "image": .string("registry.example/app:1.\(index)"),
                    "args": ["--port", "80", "--verbose"],
                    "ports": [["containerPort": .int(8000 + index), "protocol": "TCP"]],
                    "env": [["name": "DEBUG", "value": "true"], ["name": "RATIO", "value": "0.5"]],
                    "resources": ["limits": ["cpu": "500m", "memory": "128Mi"], "share": 0.25],
                ]]]],
            ],
        ]
        return (text, value)
    }

    static func service(_ index: Int) -> (String, SupportedType) {
        let text = """
            apiVersion: v1
            kind: Service
            metadata:
              name: svc-\(index)
              annotations:
                note: 'it''s "quoted"'
            spec:
              type: ClusterIP
              selector:
                app: app-\(index - 1)
              ports:
                - port: 443
                  targetPort: 8443
                  nodePort: ~
              publishNotReadyAddresses: true

            """
        let value: SupportedType = [
            "apiVersion": "v1",
            "kind": "Service",
            "metadata": ["name": .string("svc-\(index)"), "annotations": ["note": "it's \"quoted\""]],
            "spec": [
                "type": "ClusterIP",
                "selector": ["app": .string("app-\(index - 1)")],
                "ports": [["port": 443, "targetPort": 8443, "nodePort": nil]],
                "publishNotReadyAddresses": true,
            ],
        ]
        return (text, value)
    }

    static func configMap(_ index: Int) -> (String, SupportedType) {
        let text = """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: config-\(index)
            data:
              retries: "3"
              mode: 'production'
              empty: ""
            settings:
              nested:
                deeper:
                  list: [1, 2.5, -7, true, null, "x"]
              weight: 1.5e3
              negative: -\(index)
              enabled: no

            """
        let value: SupportedType = [
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": ["name": .string("config-\(index)")],
            "data": ["retries": "3", "mode": "production", "empty": ""],
            "settings": [
                "nested": ["deeper": ["list": [1, 2.5, -7, true, nil, "x"]]],
                "weight": 1500.0,
                "negative": .int(-index),
                "enabled": "no",
            ],
        ]
        return (text, value)
    }
}
