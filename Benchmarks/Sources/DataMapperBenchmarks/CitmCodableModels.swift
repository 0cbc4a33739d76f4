import Foundation

/// citm_catalog.json as `Codable` models with the same fields as `MappableCitm`, for `JSONDecoder`.
enum CodableCitm {}

extension CodableCitm {
    struct Catalog: Codable {
        let areaNames: [String: String]
        let audienceSubCategoryNames: [String: String]
        let blockNames: [String: String]
        let events: [String: Event]
        let performances: [Performance]
        let seatCategoryNames: [String: String]
        let subTopicNames: [String: String]
        let subjectNames: [String: String]
        let topicNames: [String: String]
        let topicSubTopics: [String: [Int]]
        let venueNames: [String: String]
    }
}

extension CodableCitm {
    struct Event: Codable {
        let description: String?
        let id: Int
        let logo: String?
        let name: String
        let subTopicIds: [Int]
        let subjectCode: String?
        let subtitle: String?
        let topicIds: [Int]
    }
}

extension CodableCitm {
    struct Performance: Codable {
        let eventId: Int
        let id: Int
        let logo: String?
        let name: String?
        let prices: [Price]
        let seatCategories: [SeatCategory]
        let seatMapImage: String?
        let start: Int
        let venueCode: String
    }
}

extension CodableCitm {
    struct Price: Codable {
        let amount: Int
        let audienceSubCategoryId: Int
        let seatCategoryId: Int
    }
}

extension CodableCitm {
    struct SeatCategory: Codable {
        let areas: [Area]
        let seatCategoryId: Int
    }
}

extension CodableCitm {
    struct Area: Codable {
        let areaId: Int
        let blockIds: [Int]
    }
}
