import DataMapper

/// citm_catalog.json as `Mappable` models: the catalog, its events and performances.
enum MappableCitm {}

extension MappableCitm {
    struct Catalog: Mappable {
        var areaNames: [String: String] = [:]
        var audienceSubCategoryNames: [String: String] = [:]
        var blockNames: [String: String] = [:]
        var events: [String: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:]
        var subTopicNames: [String: String] = [:]
        var subjectNames: [String: String] = [:]
        var topicNames: [String: String] = [:]
        var topicSubTopics: [String: [Int]] = [:]
        var venueNames: [String: String] = [:]

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["areaNames"].map(&areaNames)
            try data["audienceSubCategoryNames"].map(&audienceSubCategoryNames)
            try data["blockNames"].map(&blockNames)
            try data["events"].map(&events)
            try data["performances"].map(&performances)
            try data["seatCategoryNames"].map(&seatCategoryNames)
            try data["subTopicNames"].map(&subTopicNames)
            try data["subjectNames"].map(&subjectNames)
            try data["topicNames"].map(&topicNames)
            try data["topicSubTopics"].map(&topicSubTopics, using: DictionaryTransformation(ArrayTransformation(IntTransformation())))
            try data["venueNames"].map(&venueNames)
        }
    }
}

extension MappableCitm {
    struct Event: Mappable {
        var description: String?
        var id: Int = 0
        var logo: String?
        var name: String = ""
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            data["description"].map(&description)
            try data["id"].map(&id)
            data["logo"].map(&logo)
            try data["name"].map(&name)
            try data["subTopicIds"].map(&subTopicIds)
            data["subjectCode"].map(&subjectCode)
            data["subtitle"].map(&subtitle)
            try data["topicIds"].map(&topicIds)
        }
    }
}

extension MappableCitm {
    struct Performance: Mappable {
        var eventId: Int = 0
        var id: Int = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start: Int = 0
        var venueCode: String = ""

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["eventId"].map(&eventId)
            try data["id"].map(&id)
            data["logo"].map(&logo)
            data["name"].map(&name)
            try data["prices"].map(&prices)
            try data["seatCategories"].map(&seatCategories)
            data["seatMapImage"].map(&seatMapImage)
            try data["start"].map(&start)
            try data["venueCode"].map(&venueCode)
        }
    }
}

extension MappableCitm {
    struct Price: Mappable {
        var amount: Int = 0
        var audienceSubCategoryId: Int = 0
        var seatCategoryId: Int = 0

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["amount"].map(&amount)
            try data["audienceSubCategoryId"].map(&audienceSubCategoryId)
            try data["seatCategoryId"].map(&seatCategoryId)
        }
    }
}

extension MappableCitm {
    struct SeatCategory: Mappable {
        var areas: [Area] = []
        var seatCategoryId: Int = 0

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["areas"].map(&areas)
            try data["seatCategoryId"].map(&seatCategoryId)
        }
    }
}

extension MappableCitm {
    struct Area: Mappable {
        var areaId: Int = 0
        var blockIds: [Int] = []

        init() {}

        init(_ data: DeserializableData) throws {
            try mapping(data)
        }

        mutating func mapping(_ data: inout MappableData) throws {
            try data["areaId"].map(&areaId)
            try data["blockIds"].map(&blockIds)
        }
    }
}
